import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/library/prompts/:id/delete` */
export const deletePrompt = (id: string) => api.post<null>(`/api/admin/library/prompts/${id}/delete`);

export const useDeletePrompt = () => useSettingsMutation(deletePrompt);
