import {
  EMPTY_LISTING_FACTS,
  LISTING_LANGUAGES,
  type ListingFacts,
  type ListingLanguage,
  type ListingText,
  MARKETPLACE_IDS,
  type MarketplaceId,
} from '@chuhai/contract';
import type { Kysely, Selectable } from 'kysely';
import { countRows } from '../../db/count.ts';
import type { Database } from '../../db/database.ts';
import { readJsonColumn, readStatusColumn } from '../../db/json-column.ts';
import { own } from '../../db/own.ts';
import type { PageWindow } from '../../lib/paging.ts';
import type { ListingTable } from './table.ts';

type Db = Kysely<Database>;

/**
 * A listing as its row holds it, its columns read: where it is for, the facts the seller entered,
 * the text and its Chinese back-translation (a field never written reads empty).
 */
export type ListingRow = Omit<
  Selectable<ListingTable>,
  'marketplace' | 'language' | 'facts' | 'content' | 'back_translation'
> & {
  marketplace: MarketplaceId;
  language: ListingLanguage;
  facts: ListingFacts;
  content: ListingText;
  back_translation: ListingText;
};

/** A listing's text with nothing written yet. */
export const EMPTY_TEXT: ListingText = { title: '', bullets: [], description: '', searchTerms: '' };

/** Every field of the facts, as the contract names them. */
const FACT_KEYS = Object.keys(EMPTY_LISTING_FACTS);

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The facts as written: a product name, and the other fields text where present (absent reads empty). */
const isFacts = (value: unknown): value is Pick<ListingFacts, 'productName'> & Partial<ListingFacts> =>
  isObject(value) &&
  typeof value.productName === 'string' &&
  FACT_KEYS.every((key) => value[key] === undefined || typeof value[key] === 'string');

/** A text as written: the fields it has are of their kind (a marketplace without bullets has none). */
const isText = (value: unknown): value is Partial<ListingText> =>
  isObject(value) &&
  ['title', 'description', 'searchTerms'].every(
    (key) => value[key] === undefined || typeof value[key] === 'string',
  ) &&
  (value.bullets === undefined ||
    (Array.isArray(value.bullets) && value.bullets.every((b: unknown) => typeof b === 'string')));

const isLanguage = (raw: string): raw is ListingLanguage => Object.hasOwn(LISTING_LANGUAGES, raw);

function readLanguage(raw: string): ListingLanguage {
  if (!isLanguage(raw)) throw new Error(`listings.language holds an unknown language: ${raw}`);
  return raw;
}

/** A listings row, mapped once. */
function toRow(row: Selectable<ListingTable>): ListingRow {
  return {
    ...row,
    marketplace: readStatusColumn(row.marketplace, MARKETPLACE_IDS, 'listings.marketplace'),
    language: readLanguage(row.language),
    facts: { ...EMPTY_LISTING_FACTS, ...readJsonColumn(row.facts, isFacts, 'listings.facts') },
    content: { ...EMPTY_TEXT, ...readJsonColumn(row.content, isText, 'listings.content') },
    back_translation: {
      ...EMPTY_TEXT,
      ...readJsonColumn(row.back_translation, isText, 'listings.back_translation'),
    },
  };
}

export interface NewListing {
  userId: number;
  marketplace: string;
  site: string;
  language: string;
  facts: string;
  content: string;
  backTranslation: string;
  now: number;
}

export async function insertListing(db: Db, values: NewListing): Promise<ListingRow> {
  const row = await db
    .insertInto('listings')
    .values({
      user_id: values.userId,
      marketplace: values.marketplace,
      site: values.site,
      language: values.language,
      facts: values.facts,
      content: values.content,
      back_translation: values.backTranslation,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** The seller's own listing, or undefined (another seller's is as good as missing). */
export async function findListing(db: Db, userId: number, id: number): Promise<ListingRow | undefined> {
  const row = await db.selectFrom('listings').selectAll().where(own(userId, id)).executeTakeFirst();
  return row && toRow(row);
}

export async function updateListing(
  db: Db,
  userId: number,
  id: number,
  values: { content: string; backTranslation?: string; now: number },
): Promise<ListingRow | undefined> {
  const row = await db
    .updateTable('listings')
    .set({
      content: values.content,
      ...(values.backTranslation === undefined ? {} : { back_translation: values.backTranslation }),
      updated_at: values.now,
    })
    .where(own(userId, id))
    .returningAll()
    .executeTakeFirst();
  return row && toRow(row);
}

/** The seller's listings, newest first. */
export async function listingRows(db: Db, userId: number, window: PageWindow): Promise<ListingRow[]> {
  const rows = await db
    .selectFrom('listings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return rows.map(toRow);
}

/** Every listing of the seller, oldest first (导出我的数据). */
export async function allListings(db: Db, userId: number): Promise<ListingRow[]> {
  const rows = await db
    .selectFrom('listings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** 注销: every listing of the seller. */
export async function deleteListingsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('listings').where('user_id', '=', userId).execute();
}

export function listingCount(db: Db, userId: number): Promise<number> {
  return countRows(db.selectFrom('listings').where('user_id', '=', userId));
}

export async function deleteListing(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('listings').where(own(userId, id)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
