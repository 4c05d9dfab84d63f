import { type WriteHandlers, writeListing } from './write-listing';

/** `POST /api/v1/listing/:id/fix`: 一键修正, streamed: only the fields that break a rule are rewritten. */
export const fixListing = (id: number, handlers: WriteHandlers) =>
  writeListing(`/api/v1/listing/${id}/fix`, {}, handlers);
