import type { Listing, ListingStreamEvents } from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { ApiError } from '../../../lib/api-client';
import { fetchSSE } from '../../../lib/sse';
import { listingKeys } from './listing-keys';

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
export async function writeListing(
  url: string,
  body: unknown,
  handlers: WriteHandlers,
): Promise<WriteOutcome> {
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

/** After a write: the saved list and today's uses have changed. */
export function useAfterWrite() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: listingKeys.all });
    void invalidateSpending(client);
  };
}
