import { type Static, Type } from 'typebox';
import type { ListingLanguage, MarketplaceId } from '../listing/types.ts';
import { Page, PageQuery } from './paging.ts';

/** Listing 工作台: the calls of /listing. The rules themselves are in `listing/`. */

export const LISTING_LIMITS = {
  /** Each field of a listing as the seller may edit it; far above any marketplace's own limit. */
  fieldMaxLength: 5000,
  bulletsMax: 10,
  /** Sites written at the same time: one for free accounts, more for VIP. */
  concurrentFree: 1,
  concurrentVip: 3,
} as const;

const text = (maxLength: number) => Type.String({ maxLength });

/** What the seller knows about the product; only the name is required. */
export const ListingFacts = Type.Object({
  productName: Type.String({ minLength: 1, maxLength: 120 }),
  brand: text(60),
  material: text(120),
  size: text(120),
  sellingPoints: text(1000),
  keywords: text(300),
  inTheBox: text(300),
});
export type ListingFacts = Static<typeof ListingFacts>;

/** Facts with nothing entered yet: the form's start, and what a field a kept listing lacks reads as. */
export const EMPTY_LISTING_FACTS: ListingFacts = {
  productName: '',
  brand: '',
  material: '',
  size: '',
  sellingPoints: '',
  keywords: '',
  inTheBox: '',
};

export const MarketplaceIdSchema = Type.Union([
  Type.Literal('amazon'),
  Type.Literal('tiktok'),
  Type.Literal('shopee'),
  Type.Literal('lazada'),
  Type.Literal('mercadolibre'),
  Type.Literal('temu'),
  Type.Literal('ebay'),
]);
export const ListingLanguageSchema = Type.Union([
  Type.Literal('en'),
  Type.Literal('de'),
  Type.Literal('fr'),
  Type.Literal('it'),
  Type.Literal('es'),
  Type.Literal('ja'),
  Type.Literal('zh-TW'),
  Type.Literal('th'),
  Type.Literal('vi'),
  Type.Literal('id'),
  Type.Literal('ms'),
  Type.Literal('pt-BR'),
  Type.Literal('es-MX'),
  Type.Literal('nl'),
  Type.Literal('pl'),
  Type.Literal('sv'),
]);
// The unions above and the lists in listing/types.ts name the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _marketplaces: Same<Static<typeof MarketplaceIdSchema>, MarketplaceId> = true;
const _languages: Same<Static<typeof ListingLanguageSchema>, ListingLanguage> = true;
void _marketplaces;
void _languages;

export const ListingTarget = Type.Object({
  marketplace: MarketplaceIdSchema,
  site: Type.String({ pattern: '^[A-Z]{2}$' }),
  language: ListingLanguageSchema,
});
export type ListingTarget = Static<typeof ListingTarget>;

export const ListingTextSchema = Type.Object({
  title: text(LISTING_LIMITS.fieldMaxLength),
  bullets: Type.Array(text(LISTING_LIMITS.fieldMaxLength), { maxItems: LISTING_LIMITS.bulletsMax }),
  description: text(LISTING_LIMITS.fieldMaxLength),
  searchTerms: text(LISTING_LIMITS.fieldMaxLength),
});

const IssueSchema = Type.Object({
  ruleId: Type.String(),
  field: Type.Union([
    Type.Literal('title'),
    Type.Literal('bullets'),
    Type.Literal('description'),
    Type.Literal('searchTerms'),
  ]),
  index: Type.Optional(Type.Integer()),
  level: Type.Union([Type.Literal('required'), Type.Literal('recommended')]),
  message: Type.String(),
});

/** A saved listing: one marketplace, site and language. `zh` is the Chinese back-translation. */
export const Listing = Type.Object({
  id: Type.Integer(),
  ...ListingTarget.properties,
  facts: ListingFacts,
  text: ListingTextSchema,
  zh: ListingTextSchema,
  issues: Type.Array(IssueSchema),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Listing = Static<typeof Listing>;

/** `POST /api/v1/listing/generate`: answered as an event stream (ListingStreamEvents). */
export const GenerateListingBody = Type.Object({ facts: ListingFacts, target: ListingTarget });
export type GenerateListingBody = Static<typeof GenerateListingBody>;

/** `POST /api/v1/listing/:id`: the seller's edits. */
export const SaveListingBody = Type.Object({ text: ListingTextSchema });
export type SaveListingBody = Static<typeof SaveListingBody>;

export const ListingIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export interface ListingStreamEvents {
  /** How much the model has written so far, for the progress bar. */
  progress: { chars: number; stage: 'writing' | 'repairing' };
  listing: Listing;
  error: { code: number; msg: string; refunded: boolean };
}

export const ListingPage = Page(Listing);
export type ListingPage = Static<typeof ListingPage>;
export const ListingListQuery = PageQuery('listings');
export type ListingListQuery = Static<typeof ListingListQuery>;
