import type { DrawConfig } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * `GET /api/v1/getDrawConfig`: whether a text-to-image provider is configured. AI 绘画 and the AI
 * scenes of 换背景 both depend on it.
 */
export const getDrawConfig = () => api.get<DrawConfig>('/api/v1/getDrawConfig');

export const drawConfigQueryOptions = () =>
  queryOptions({ queryKey: ['draw-config'] as const, queryFn: getDrawConfig, staleTime: 300_000 });

export const useDrawConfig = () => useQuery(drawConfigQueryOptions());
