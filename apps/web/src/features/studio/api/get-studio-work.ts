import type { StudioWork } from '@chuhai/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/**
 * `GET /api/v1/studio/works/:id`: one of the seller's 抠图 or 换背景 works as last left (继续编辑,
 * a reload). Silent: the screen says in its own words that it has expired.
 */
export const getStudioWork = (id: number) =>
  api.get<StudioWork>(`/api/v1/studio/works/${id}`, undefined, { silent: true });

/** Always asked afresh: 修补 and 一键修正 change it, and the screen holds what it shows itself. */
export const studioWorkQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studioKeys.work(id),
    queryFn: () => getStudioWork(id),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * A work's photo as a file, as if the seller had chosen it again: 对比, 修补 and 换背景 work on it
 * as on an upload, and 重新抠图 cuts it again (one use, as for an upload).
 */
export async function loadWorkPhoto(work: StudioWork): Promise<File> {
  const response = await fetch(work.photoUrl);
  if (!response.ok) throw new Error(`work photo: HTTP ${response.status}`);
  return new File([await response.blob()], work.name || '照片.jpg', {
    type: 'image/jpeg',
    lastModified: work.createdAt,
  });
}
