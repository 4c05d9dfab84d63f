import type { GenerateListingBody } from '@chuhai/contract';
import { type WriteHandlers, writeListing } from './write-listing';

/** `POST /api/v1/listing/generate`: a new listing, streamed. */
export const generateListing = (body: GenerateListingBody, handlers: WriteHandlers) =>
  writeListing('/api/v1/listing/generate', body, handlers);
