import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** `POST /api/v1/listing/:id/delete` */
export const deleteListing = (id: number) => api.post<null>(`/api/v1/listing/${id}/delete`, {});

export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
