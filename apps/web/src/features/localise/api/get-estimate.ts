import type { LocaliseBody, LocaliseEstimate } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { showsSpending } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';
import { localiseKeys } from './localise-keys';

/** `POST /api/v1/localise/estimate`: what the job would use against today's quota; charges nothing. */
export const getEstimate = (body: LocaliseBody) =>
  api.post<LocaliseEstimate>('/api/v1/localise/estimate', body, { silent: true });

/**
 * What decides the estimate: the sites and each product's photos. The facts do not (a listing is one
 * use whatever it says), so typing in the form does not ask again.
 */
export const estimateKey = (body: LocaliseBody) =>
  localiseKeys.estimate({
    sites: body.sites,
    photos: body.products.map((p) => [p.mainPhotoId, ...p.detailPhotoIds]),
  });

export const estimateQueryOptions = (body: LocaliseBody | null) =>
  queryOptions({
    queryKey: body ? estimateKey(body) : localiseKeys.estimate(null),
    queryFn: () => getEstimate(body as LocaliseBody),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // It shows what is left today: a job, a tool's use or a payment elsewhere changes it.
    meta: showsSpending,
  });

/** The estimate for a job that could start now (`null`: not complete yet, nothing asked). */
export const useEstimate = (body: LocaliseBody | null) => useQuery(estimateQueryOptions(body));
