import {
  checkListing,
  FEATURE_OFF_TEXT,
  findSite,
  LISTING_LIMITS,
  type Listing,
  type ListingFacts,
  type ListingIssue,
  type ListingListQuery,
  type ListingTarget,
  type ListingText,
  listingFields,
  MARKETPLACES,
  type MarketplaceId,
  ResultCode,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { paginate } from '../../lib/paging.ts';
import { runMetered } from '../../work/metered.ts';
import { currentVip } from '../entitlement/service.ts';
import { glossaryTerms, termsIn } from '../translate/service.ts';
import { fieldsOf, fixMessages, generateMessages, type WrittenListing } from './prompt.ts';
import * as listings from './repository.ts';
import { type ListingDeps, type WriteProgress, writeListing } from './writer.ts';

export type { ListingDeps, WriteProgress };

/** A model's answer may take a minute; a node that died holding a slot frees it after this. */
const STALE_WRITE_MS = 5 * 60_000;

/** Only the fields the marketplace has: no bullets on eBay, no search terms on Shopee. */
function fitToMarketplace(text: ListingText, marketplace: MarketplaceId): ListingText {
  const rules = MARKETPLACES[marketplace];
  return {
    title: text.title,
    bullets: rules.bullets > 0 ? text.bullets : [],
    description: text.description,
    searchTerms: rules.searchTerms ? text.searchTerms : '',
  };
}

function issuesOf(row: listings.ListingRow, text: ListingText): ListingIssue[] {
  return checkListing(text, row.marketplace, { brand: row.facts.brand, language: row.language });
}

function toListing(row: listings.ListingRow): Listing {
  const text = row.content;
  return {
    id: Number(row.id),
    marketplace: row.marketplace,
    site: row.site,
    language: row.language,
    facts: row.facts,
    text,
    zh: row.back_translation,
    issues: issuesOf(row, text),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function checkTarget(target: ListingTarget): void {
  if (!findSite(target.marketplace, target.site))
    throw new AppError(
      ResultCode.badRequest,
      `${MARKETPLACES[target.marketplace].name}没有这个站点：${target.site}`,
    );
}

function checkFacts(facts: ListingFacts): void {
  if (!facts.productName.trim()) throw new AppError(ResultCode.badRequest, '请填写商品名称');
  if (Object.values(facts).some((value) => findBlockedWord(value)))
    throw new AppError(ResultCode.contentRejected, '商品信息中含有违规内容，请修改后重试');
}

/**
 * One paid write: a slot (free accounts write one site at a time, VIP several), one chat use, the
 * model's answer. A failure gives the use back and says why in Chinese; the slot is always freed.
 */
async function paidWrite(
  deps: ListingDeps,
  userId: number,
  write: (model: string) => Promise<WrittenListing>,
): Promise<WrittenListing> {
  const models = await deps.chatModel.models();
  if (!models) throw new AppError(ResultCode.providerUnavailable, FEATURE_OFF_TEXT);
  const now = deps.clock.now();
  const vip = (await currentVip(deps.db, userId, now)).length > 0;
  const limit = vip ? LISTING_LIMITS.concurrentVip : LISTING_LIMITS.concurrentFree;
  const message = vip
    ? `最多同时撰写 ${limit} 个站点的 listing，请等当前的完成`
    : '免费账号一次撰写一个站点，请等当前的完成；开通 VIP 可同时撰写多个站点';
  return runMetered(
    deps,
    { userId },
    {
      feature: 'chat',
      service: 'chat',
      slot: { kind: 'listing', limit, staleMs: STALE_WRITE_MS, message, retryAfter: 10 },
    },
    () => write(models.standard),
  );
}

/**
 * The seller's 术语表 terms (图片翻译's, one list for every tool) for the listing's language that
 * its facts contain: the writer is told to write each exactly so, or keep it as it is.
 */
async function factsTerms(deps: ListingDeps, userId: number, facts: ListingFacts, language: string) {
  const terms = await glossaryTerms(deps, userId, language, { keep: [], glossary: [] });
  return termsIn(terms, Object.values(facts).join('\n'));
}

export async function generateListing(
  deps: ListingDeps,
  userId: number,
  body: { facts: ListingFacts; target: ListingTarget },
  progress: WriteProgress,
  signal: AbortSignal,
): Promise<Listing> {
  const { facts, target } = body;
  checkTarget(target);
  checkFacts(facts);
  const glossary = await factsTerms(deps, userId, facts, target.language);
  const written = await paidWrite(deps, userId, (model) =>
    writeListing(deps, {
      messages: generateMessages(facts, target, glossary),
      fields: listingFields(target.marketplace),
      progress,
      signal,
      model,
      userId,
    }),
  );
  const now = deps.clock.now();
  return toListing(
    await keepListing(deps.db, userId, { facts, target, text: written.text, zh: written.zh, now }),
  );
}

/** A written listing among the seller's own, cut to its marketplace's limits (撰写's and 一键出海's). */
function keepListing(
  db: ListingDeps['db'],
  userId: number,
  listing: { facts: ListingFacts; target: ListingTarget; text: ListingText; zh: ListingText; now: number },
) {
  const { facts, target } = listing;
  return listings.insertListing(db, {
    userId,
    marketplace: target.marketplace,
    site: target.site,
    language: target.language,
    facts: JSON.stringify(facts),
    content: JSON.stringify(fitToMarketplace(listing.text, target.marketplace)),
    backTranslation: JSON.stringify(fitToMarketplace(listing.zh, target.marketplace)),
    now: listing.now,
  });
}

async function ownListing(deps: ListingDeps, userId: number, id: number): Promise<listings.ListingRow> {
  const row = await listings.findListing(deps.db, userId, id);
  if (!row) throw new AppError(ResultCode.notFound, '这条 listing 不存在或已删除');
  return row;
}

/** 一键修正: the model rewrites only the fields that break a rule; the others stay as they are. */
export async function fixListing(
  deps: ListingDeps,
  userId: number,
  id: number,
  progress: WriteProgress,
  signal: AbortSignal,
): Promise<Listing> {
  const row = await ownListing(deps, userId, id);
  const text = row.content;
  const issues = issuesOf(row, text);
  if (issues.length === 0) throw new AppError(ResultCode.badRequest, '这条 listing 已符合全部规则，无需修正');
  const facts = row.facts;
  const target: ListingTarget = { marketplace: row.marketplace, site: row.site, language: row.language };
  const fields = fieldsOf(issues);
  const glossary = await factsTerms(deps, userId, facts, target.language);
  const written = await paidWrite(deps, userId, (model) =>
    writeListing(deps, {
      messages: fixMessages(facts, target, text, issues, glossary),
      fields,
      progress,
      signal,
      model,
      userId,
    }),
  );
  const zh = row.back_translation;
  const fixed = { ...text };
  const fixedZh = { ...zh };
  for (const field of fields) {
    Object.assign(fixed, { [field]: written.text[field] });
    Object.assign(fixedZh, { [field]: written.zh[field] ?? listings.EMPTY_TEXT[field] });
  }
  const updated = await listings.updateListing(deps.db, userId, id, {
    content: JSON.stringify(fitToMarketplace(fixed, target.marketplace)),
    backTranslation: JSON.stringify(fitToMarketplace(fixedZh, target.marketplace)),
    now: deps.clock.now(),
  });
  if (!updated) throw new AppError(ResultCode.notFound, '这条 listing 在修正时被删除了');
  return toListing(updated);
}

/** The seller's own edits; the checks run again on what they typed. */
export async function saveListing(
  deps: ListingDeps,
  userId: number,
  id: number,
  text: ListingText,
): Promise<Listing> {
  const row = await ownListing(deps, userId, id);
  const marketplace = row.marketplace;
  const saved = fitToMarketplace(
    { ...text, bullets: text.bullets.map((b) => b.trim()).filter(Boolean) },
    marketplace,
  );
  // A field the seller rewrote no longer matches its back-translation: it goes rather than mislead.
  const before = row.content;
  const zh = { ...row.back_translation };
  for (const field of listingFields(marketplace))
    if (JSON.stringify(before[field]) !== JSON.stringify(saved[field]))
      Object.assign(zh, { [field]: listings.EMPTY_TEXT[field] });
  const updated = await listings.updateListing(deps.db, userId, id, {
    content: JSON.stringify(saved),
    backTranslation: JSON.stringify(zh),
    now: deps.clock.now(),
  });
  if (!updated) throw new AppError(ResultCode.notFound, '这条 listing 不存在或已删除');
  return toListing(updated);
}

export async function getListing(deps: ListingDeps, userId: number, id: number): Promise<Listing> {
  return toListing(await ownListing(deps, userId, id));
}

export function listingPage(deps: ListingDeps, userId: number, query: ListingListQuery) {
  return paginate(
    query,
    'listings',
    {
      rows: (window) => listings.listingRows(deps.db, userId, window),
      total: () => listings.listingCount(deps.db, userId),
    },
    toListing,
  );
}

export async function deleteListing(deps: ListingDeps, userId: number, id: number): Promise<void> {
  if (!(await listings.deleteListing(deps.db, userId, id)))
    throw new AppError(ResultCode.notFound, '这条 listing 不存在或已删除');
}

/**
 * 一键出海 keeps each delivered site's listing among the seller's own, as 撰写 does: it opens in
 * Listing 工作台 with its facts, site, language and checks. `db` is the delivering transaction, so
 * a delivery rolled back leaves no listing behind. Returns the listing's id.
 */
export async function saveDeliveredListing(
  db: ListingDeps['db'],
  userId: number,
  listing: { facts: ListingFacts; target: ListingTarget; text: ListingText; zh: ListingText; now: number },
): Promise<number> {
  return Number((await keepListing(db, userId, listing)).id);
}

/** 一键出海 writes a site's listing through here (written, checked, fixed once, checked again; not charged). */
export { type CheckedListing, writeCheckedListing } from './checked.ts';
