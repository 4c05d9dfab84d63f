import type { GlossaryEntry, GlossaryEntryBody } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `POST /api/v1/translate/glossary`. Silent: the drawer shows a refusal under its form. */
export const addGlossaryEntry = (body: GlossaryEntryBody) =>
  api.post<GlossaryEntry>('/api/v1/translate/glossary', body, { silent: true });

export function useAddGlossaryEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addGlossaryEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.glossary }),
  });
}
