import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { studioKeys } from './studio-keys';

/** `POST /api/v1/translate/glossary/:id/delete` */
export const deleteGlossaryEntry = (id: number) => api.post<null>(`/api/v1/translate/glossary/${id}/delete`);

export function useDeleteGlossaryEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossaryEntry,
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.glossary }),
  });
}
