import type { DailyLimits, LimitsEditBody } from '@chuhai/contract';
import { api } from '../../../lib/api-client';
import { useSettingsMutation } from './admin-mutation';

/** `POST /api/admin/limits` */
export const saveLimits = (limits: LimitsEditBody) => api.post<DailyLimits>('/api/admin/limits', limits);

export const useSaveLimits = () => useSettingsMutation(saveLimits);
