import type { GlossaryEntry, GlossaryEntryBody } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `POST /api/v1/translate/glossary/:id`: one of the seller's own entries, changed. Silent, as adding. */
export const editGlossaryEntry = ({ id, ...body }: GlossaryEntryBody & { id: number }) =>
  api.post<GlossaryEntry>(`/api/v1/translate/glossary/${id}`, body, { silent: true });

export function useEditGlossaryEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editGlossaryEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.glossary }),
  });
}
