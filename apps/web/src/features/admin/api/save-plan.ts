import type { AdminPlan, PlanCreateBody, PlanEditBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/plans` (新增) or `/api/admin/plans/:id` (编辑). */
export const savePlan = ({ id, body, isNew }: { id: string; body: PlanEditBody; isNew: boolean }) =>
  isNew
    ? api.post<AdminPlan>('/api/admin/plans', { ...body, id } satisfies PlanCreateBody)
    : api.post<AdminPlan>(`/api/admin/plans/${id}`, body);

export const useSavePlan = () => useSettingsMutation(savePlan);
