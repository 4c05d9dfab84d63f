import type {
  AdminLibraryCategory,
  AdminPlan,
  Announcement,
  AnnouncementBody,
  DailyLimits,
  LibraryPromptBody,
  LimitsEditBody,
  NewRedeemBatch,
  PlanCreateBody,
  PlanEditBody,
  ProviderKind,
  ProviderStatus,
  ProviderTestResult,
  RedeemBatchBody,
  RedeemBatchPage,
} from '@chuhai/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** 运营后台 II: plans, limits, prompt library, redeem codes, announcements, providers. */
const keys = {
  plans: ['admin', 'plans'] as const,
  library: ['admin', 'library'] as const,
  batches: (pageNo: number) => ['admin', 'redeem-batches', pageNo] as const,
  announcements: ['admin', 'announcements'] as const,
  providers: ['admin', 'providers'] as const,
};

export const useAdminPlans = () =>
  useQuery({ queryKey: keys.plans, queryFn: () => api.get<AdminPlan[]>('/api/admin/plans') });
export const useAdminLibrary = () =>
  useQuery({ queryKey: keys.library, queryFn: () => api.get<AdminLibraryCategory[]>('/api/admin/library') });
export const useRedeemBatches = (pageNo: number) =>
  useQuery({
    queryKey: keys.batches(pageNo),
    queryFn: () => api.get<RedeemBatchPage>('/api/admin/redeem-batches', { pageNo }),
    placeholderData: keepPreviousData,
  });
export const useAdminAnnouncements = () =>
  useQuery({
    queryKey: keys.announcements,
    queryFn: () => api.get<Announcement[]>('/api/admin/announcements'),
  });
export const useProviders = () =>
  useQuery({ queryKey: keys.providers, queryFn: () => api.get<ProviderStatus[]>('/api/admin/providers') });

/** A change here also changes what sellers see: their cached plans, limits and announcements go too. */
function useSettingsMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [['admin'], ['products'], ['limits'], ['announcements'], ['account-info']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useSavePlan = () =>
  useSettingsMutation(({ id, body, isNew }: { id: string; body: PlanEditBody; isNew: boolean }) =>
    isNew
      ? api.post<AdminPlan>('/api/admin/plans', { ...body, id } satisfies PlanCreateBody)
      : api.post<AdminPlan>(`/api/admin/plans/${id}`, body),
  );
export const useSaveLimits = () =>
  useSettingsMutation((limits: LimitsEditBody) => api.post<DailyLimits>('/api/admin/limits', limits));
export const useSavePrompt = () =>
  useSettingsMutation(({ id, body }: { id: string | null; body: LibraryPromptBody }) =>
    api.post<{ id: string }>(id ? `/api/admin/library/prompts/${id}` : '/api/admin/library/prompts', body),
  );
export const useDeletePrompt = () =>
  useSettingsMutation((id: string) => api.post<null>(`/api/admin/library/prompts/${id}/delete`));
export const useCreateBatch = () =>
  useSettingsMutation((body: RedeemBatchBody) => api.post<NewRedeemBatch>('/api/admin/redeem-batches', body));
export const useDisableBatch = () =>
  useSettingsMutation(({ id, disabled }: { id: number; disabled: boolean }) =>
    api.post<null>(`/api/admin/redeem-batches/${id}/disable`, { disabled }),
  );
export const useSaveAnnouncement = () =>
  useSettingsMutation(({ id, body }: { id: number | null; body: AnnouncementBody }) =>
    api.post<null>(id ? `/api/admin/announcements/${id}` : '/api/admin/announcements', body),
  );
export const useDeleteAnnouncement = () =>
  useSettingsMutation((id: number) => api.post<null>(`/api/admin/announcements/${id}/delete`));
export const useTestProvider = () =>
  useMutation({
    mutationFn: (kind: ProviderKind) => api.post<ProviderTestResult>(`/api/admin/providers/${kind}/test`),
  });
