import {
  checkListing,
  FEATURE_OFF_TEXT,
  type GlossaryTerm,
  type ListingFacts,
  type ListingIssue,
  type ListingTarget,
  type ListingText,
  listingFields,
  MARKETPLACES,
  ResultCode,
} from '@chuhai/contract';
import { AppError } from '../../lib/app-error.ts';
import { termsIn } from '../translate/service.ts';
import { fieldsOf, fixMessages, generateMessages } from './prompt.ts';
import { type ListingDeps, writeListing } from './writer.ts';

/** A listing written, checked and fixed once, with what its rules said before and after the fix. */
export interface CheckedListing {
  text: ListingText;
  zh: ListingText;
  /** What failed on the first write (the fix was asked for these); empty when nothing did. */
  firstIssues: ListingIssue[];
  /** What still fails after the one fix: the result's own check. */
  issues: ListingIssue[];
}

const QUIET = { progress: () => {} };

/** Only the fields the marketplace has. */
function fitted(text: ListingText, target: ListingTarget): ListingText {
  const rules = MARKETPLACES[target.marketplace];
  return {
    title: text.title,
    bullets: rules.bullets > 0 ? text.bullets : [],
    description: text.description,
    searchTerms: rules.searchTerms ? text.searchTerms : '',
  };
}

/**
 * 一键出海's listing for one site: written in the site's language with the seller's 术语表 terms
 * that the facts contain, checked against the site's rules, the failing fields fixed once (as 一键修正
 * does), checked again. Nothing is charged or saved here: the job charges what it delivers.
 */
export async function writeCheckedListing(
  deps: ListingDeps,
  userId: number,
  request: { facts: ListingFacts; target: ListingTarget; glossary: GlossaryTerm[]; signal?: AbortSignal },
): Promise<CheckedListing> {
  const { facts, target } = request;
  // Only the terms this product's facts contain, as the listing studio sends: a brand term of one
  // product must not be forced into every other product's listing of the same language.
  const glossary = termsIn(request.glossary, Object.values(facts).join('\n'));
  const models = await deps.chatModel.models();
  if (!models) throw new AppError(ResultCode.providerUnavailable, FEATURE_OFF_TEXT);
  const ask = { progress: QUIET, signal: request.signal ?? new AbortController().signal };
  const check = (text: ListingText) =>
    checkListing(text, target.marketplace, { brand: facts.brand, language: target.language });
  const first = await writeListing(deps, {
    ...ask,
    messages: generateMessages(facts, target, glossary),
    fields: listingFields(target.marketplace),
    model: models.standard,
    userId,
    purpose: 'localise-listing',
  });
  const text = fitted(first.text, target);
  const zh = fitted(first.zh, target);
  const firstIssues = check(text);
  if (firstIssues.length === 0) return { text, zh, firstIssues, issues: [] };
  const fields = fieldsOf(firstIssues);
  const fix = await writeListing(deps, {
    ...ask,
    messages: fixMessages(facts, target, text, firstIssues, glossary),
    fields,
    model: models.standard,
    userId,
    purpose: 'localise-listing',
  });
  for (const field of fields) {
    Object.assign(text, { [field]: fix.text[field] });
    Object.assign(zh, { [field]: fix.zh[field] ?? zh[field] });
  }
  const fixedText = fitted(text, target);
  return { text: fixedText, zh: fitted(zh, target), firstIssues, issues: check(fixedText) };
}
