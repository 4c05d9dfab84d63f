import type { GlossaryEntry } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { studioKeys } from './studio-keys';

/** `GET /api/v1/translate/glossary`: the seller's whole 术语表 (at most 200 entries), newest first. */
export const getGlossary = () => api.get<GlossaryEntry[]>('/api/v1/translate/glossary');

/** Nothing is asked when signed out (the glossary is the seller's own). */
export const glossaryQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: studioKeys.glossary, queryFn: getGlossary, enabled: Boolean(token) });

export function useGlossary() {
  const token = useAuthStore((s) => s.token);
  return useQuery(glossaryQueryOptions(token));
}
