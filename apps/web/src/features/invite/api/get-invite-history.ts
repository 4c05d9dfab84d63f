import { type InviteHistoryPage, PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

/** `GET /api/v1/inviteActivityHistory`: the inviter's events (5 a page) and totals. */
export const getInviteHistory = (pageNo: number) =>
  api.get<InviteHistoryPage>('/api/v1/inviteActivityHistory', { pageNo, pageSize: PAGE_SIZE.inviteHistory });

export const inviteHistoryQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: ['invite-history', pageNo],
    queryFn: () => getInviteHistory(pageNo),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export function useInviteHistory(pageNo: number) {
  const token = useAuthStore((s) => s.token);
  return useQuery(inviteHistoryQueryOptions(token, pageNo));
}
