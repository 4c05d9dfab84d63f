import type { Listing } from '@chuhai/contract';
import { api } from '../../../lib/api-client';

/** `GET /api/v1/listing/:id`: one of the seller's saved listings (another seller's is a 404). */
export const getListing = (id: number) =>
  api.get<Listing>(`/api/v1/listing/${id}`, undefined, { silent: true });
