import type { LibraryPromptBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/library/prompts` (新增) or `/api/admin/library/prompts/:id` (编辑). */
export const savePrompt = ({ id, body }: { id: string | null; body: LibraryPromptBody }) =>
  api.post<{ id: string }>(id ? `/api/admin/library/prompts/${id}` : '/api/admin/library/prompts', body);

export const useSavePrompt = () => useSettingsMutation(savePrompt);
