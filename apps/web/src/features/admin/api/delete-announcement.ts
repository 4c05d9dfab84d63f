import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/announcements/:id/delete` */
export const deleteAnnouncement = (id: number) => api.post<null>(`/api/admin/announcements/${id}/delete`);

export const useDeleteAnnouncement = () => useSettingsMutation(deleteAnnouncement);
