import { useQuery } from '@tanstack/react-query';
import { limitsQueryOptions } from './get-limits';

/**
 * AI 绘画 for free accounts, in one wording wherever it is offered: 「免费试用，每天 N 张」 on the home
 * card, the tag 「免费试用」 where there is room for a word only (the menus, the price page's row,
 * whose cells give the number). N is the quota the server enforces (operators change it).
 */
export const FREE_TRIAL = '免费试用';

/** 「免费试用，每天 2 张」; before the limits arrive, without the number. */
export function freeDrawLine(perDay: number | undefined): string {
  return perDay === undefined ? `${FREE_TRIAL}，每天有免费额度` : `${FREE_TRIAL}，每天 ${perDay} 张`;
}

/** The 「免费试用」 tag beside AI 绘画; hovering it gives the daily quota when the limits are loaded. */
export function FreeTrialTag({ className }: { className?: string }) {
  // Only what is already cached: the menu on every page does not fetch the limits for a tooltip.
  const perDay = useQuery({ ...limitsQueryOptions(), enabled: false }).data?.free.draw;
  return (
    <span className={`tag tag--free${className ? ` ${className}` : ''}`} title={freeDrawLine(perDay)}>
      {FREE_TRIAL}
    </span>
  );
}
