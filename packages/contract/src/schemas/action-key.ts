import { Type } from 'typebox';

/**
 * The page's key for one action that spends uses or money (开始出海, 批量处理's start, 确认下单): made
 * when the seller sets up the action, the same for every repeat of it (a double click, a retry after
 * a lost answer), so the server answers the repeat with what the first request did.
 */
export const ACTION_KEY_PATTERN = '^[A-Za-z0-9-]{8,64}$';

export const ActionKey = Type.String({ pattern: ACTION_KEY_PATTERN });
