import {
  type GenerateListingBody,
  type Listing,
  type ListingPage,
  type ListingStreamEvents,
  type ListingText,
  PAGE_SIZE,
} from '@chuhai/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { ApiError, api } from '../../../lib/api-client';
import { fetchSSE } from '../../../lib/sse';
import { useAuthStore } from '../../../stores/auth-store';

export const listingKeys = {
  all: ['listing'] as const,
  page: (pageNo: number) => ['listing', 'page', pageNo] as const,
};

export const LOST_CONNECTION =
  '连接中断，没有收到结果：已写完的 listing 会出现在历史记录里（计 1 次），没写完的不扣次数。请先看历史记录再决定是否重试';

/** How a write ended: the listing, the server's reason, or the seller's cancel. */
export type WriteOutcome =
  | { type: 'listing'; listing: Listing }
  | { type: 'error'; code: number; msg: string }
  | { type: 'abort' };

export interface WriteHandlers {
  signal: AbortSignal;
  onProgress: (progress: ListingStreamEvents['progress']) => void;
}

/**
 * A write (generate or fix) as a stream of progress, then the listing. The server answers a plain
 * envelope when it refuses before writing (quota, VIP, bad input, not configured). Never rejects.
 */
async function write(url: string, body: unknown, handlers: WriteHandlers): Promise<WriteOutcome> {
  try {
    let ending: WriteOutcome | null = null;
    const answer = await fetchSSE<Listing>(url, {
      body,
      signal: handlers.signal,
      onEvent: (event, data) => {
        if (event === 'progress') handlers.onProgress(data as ListingStreamEvents['progress']);
        else if (event === 'listing') ending = { type: 'listing', listing: data as Listing };
        else if (event === 'error') {
          const error = data as ListingStreamEvents['error'];
          ending = { type: 'error', code: error.code, msg: error.msg };
        }
      },
    });
    if (answer.kind === 'json') return { type: 'listing', listing: answer.data };
    // The server may have finished and saved the listing (and counted the use) after the connection
    // broke: say both outcomes rather than promise a refund that may not have happened.
    return ending ?? { type: 'error', code: 502, msg: LOST_CONNECTION };
  } catch (error) {
    if (handlers.signal.aborted) return { type: 'abort' };
    if (error instanceof ApiError) return { type: 'error', code: error.code, msg: error.msg };
    return { type: 'error', code: 0, msg: '网络连接失败，请检查网络后重试' };
  }
}

export const generateListing = (body: GenerateListingBody, handlers: WriteHandlers) =>
  write('/api/v1/listing/generate', body, handlers);

export const fixListing = (id: number, handlers: WriteHandlers) =>
  write(`/api/v1/listing/${id}/fix`, {}, handlers);

/** After a write: the saved list and today's uses have changed. */
export function useAfterWrite() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: listingKeys.all });
    void client.invalidateQueries({ queryKey: accountInfoKey });
  };
}

export function useListingPage(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: listingKeys.page(pageNo),
    queryFn: () => api.get<ListingPage>('/api/v1/listing/list', { pageNo, pageSize: PAGE_SIZE.listings }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useSaveListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: ListingText }) =>
      api.post<Listing>(`/api/v1/listing/${id}`, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/api/v1/listing/${id}/delete`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
