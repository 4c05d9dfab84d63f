import type { Listing, ListingText } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

/** `POST /api/v1/listing/:id`: the seller's edit of a saved listing's text. */
export const saveListing = ({ id, text }: { id: number; text: ListingText }) =>
  api.post<Listing>(`/api/v1/listing/${id}`, { text });

export function useSaveListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
