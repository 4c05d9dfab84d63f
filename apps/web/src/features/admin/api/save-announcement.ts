import type { AnnouncementBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/announcements` (新增) or `/api/admin/announcements/:id` (编辑). */
export const saveAnnouncement = ({ id, body }: { id: number | null; body: AnnouncementBody }) =>
  api.post<null>(id ? `/api/admin/announcements/${id}` : '/api/admin/announcements', body);

export const useSaveAnnouncement = () => useSettingsMutation(saveAnnouncement);
