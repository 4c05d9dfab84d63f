import type { TranslateResult } from '@chuhai/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/**
 * `GET /api/v1/translate/:id`: one of the seller's translations as last drawn (继续编辑, a reload).
 * Silent: the screen says in its own words that it has expired.
 */
export const getTranslation = (id: number) =>
  api.get<TranslateResult>(`/api/v1/translate/${id}`, undefined, { silent: true });

/** Always asked afresh: every 重新生成 changes it, and the screen holds what it shows itself. */
export const translationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studioKeys.translation(id),
    queryFn: () => getTranslation(id),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * A reopened translation's 原图 as a file, as if the seller had chosen it again: 也翻译商品上的文字
 * translates it once more.
 */
export async function loadTranslationSource(url: string, name: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`translation source: HTTP ${response.status}`);
  return new File([await response.blob()], name, { type: 'image/png' });
}
