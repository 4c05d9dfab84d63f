import type { ProviderKind, ProviderTestResult } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/admin/providers/:kind/test` */
export const testProvider = (kind: ProviderKind) =>
  api.post<ProviderTestResult>(`/api/admin/providers/${kind}/test`);

export const useTestProvider = () => useMutation({ mutationFn: testProvider });
