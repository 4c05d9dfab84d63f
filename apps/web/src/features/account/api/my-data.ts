import { formatDate, type MyDataExport } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/v1/account/export`: everything we hold about the caller. */
export const exportMyData = () => api.get<MyDataExport>('/api/v1/account/export');

/**
 * Saves the export as a JSON file, the way a browser saves a download. Named by the seller's own
 * date, as 我的 listing's CSV is: the UTC date named a file exported in China before 08:00 by the day
 * before.
 */
export function saveAsJson(data: MyDataExport): void {
  const day = formatDate(data.exportedAt).replaceAll('-', '');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `出海助手-我的数据-${day}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/** `POST /api/v1/account/delete` {code}: 注销账号. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (code: string) => api.post<null>('/api/v1/account/delete', { code }) });
}
