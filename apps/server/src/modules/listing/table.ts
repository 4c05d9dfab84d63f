import type { Generated } from 'kysely';

/** Listing 工作台: one saved listing per marketplace, site and language. */
export interface ListingTable {
  id: Generated<number>;
  user_id: number;
  marketplace: string;
  site: string;
  language: string;
  /** JSON: the product facts the seller entered (ListingFacts). */
  facts: string;
  /** JSON: the listing (ListingText), as written by the model and edited by the seller. */
  content: string;
  /** JSON: its Chinese back-translation (ListingText). */
  back_translation: string;
  created_at: number;
  updated_at: number;
}

export interface ListingTables {
  listings: ListingTable;
}
