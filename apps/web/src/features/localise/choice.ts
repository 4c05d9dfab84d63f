import { LOCALISE_LIMITS, type LocaliseProduct } from '@chuhai/contract';

/**
 * How many sites one job may go to (the request schema takes as many): the page says so before
 * asking (the schema's own refusal reads 「参数 sites 最多 20 项」).
 */
export const SITES_PER_JOB: number = LOCALISE_LIMITS.sites;

/**
 * What the seller took out of the job in the estimate: products by `productKey`, sites by id. Kept as
 * what is left out (not what is in) so a product or site added later is in until taken out.
 */
export interface Skipped {
  products: ReadonlySet<string>;
  sites: ReadonlySet<string>;
}

export const NOTHING_SKIPPED: Skipped = { products: new Set(), sites: new Set() };

/** A product's identity across re-renders: its code in a catalogue, else its main photo. */
export const productKey = (product: LocaliseProduct): string =>
  product.code ? `code:${product.code}` : `photo:${product.mainPhotoId}`;

/**
 * The products and sites the job is for once the skipped ones are out, in the order they were given.
 * A lone product or site is always in: the estimate shows no checkbox for it, so a choice made when
 * there were more (a catalogue read again, sites unticked in step 2) cannot leave nothing to undo.
 */
export function chosen(
  products: readonly LocaliseProduct[],
  sites: readonly string[],
  skipped: Skipped,
): { products: LocaliseProduct[]; sites: string[] } {
  return {
    products:
      products.length > 1 ? products.filter((p) => !skipped.products.has(productKey(p))) : [...products],
    sites: sites.length > 1 ? sites.filter((s) => !skipped.sites.has(s)) : [...sites],
  };
}

/** `set` with `keys` taken out (in: true) or put in (in: false): one checkbox, or 全选 with every key. */
export function toggle(set: ReadonlySet<string>, keys: readonly string[], on: boolean): Set<string> {
  const next = new Set(set);
  for (const key of keys) {
    if (on) next.delete(key);
    else next.add(key);
  }
  return next;
}

/** 全选's state for a list: all in, none in, or some (the indeterminate box). */
export function allState(keys: readonly string[], skipped: ReadonlySet<string>) {
  const left = keys.filter((k) => !skipped.has(k)).length;
  return { checked: keys.length > 0 && left === keys.length, indeterminate: left > 0 && left < keys.length };
}

/** Why there is nothing to estimate after the seller's choice; null when something is left. */
export function nothingChosen(choice: { products: readonly unknown[]; sites: readonly unknown[] }) {
  if (choice.products.length === 0 && choice.sites.length === 0) return '至少选一个商品和一个站点。';
  if (choice.products.length === 0) return '至少选一个商品。';
  if (choice.sites.length === 0) return '至少选一个站点。';
  return null;
}

/** Why the job cannot go to this many sites at once; null when it can. */
export function tooManySites(sites: number, most: number = SITES_PER_JOB): string | null {
  return sites > most
    ? `一次最多 ${most} 个站点，现在选了 ${sites} 个：取消勾选一些站点，其余的再开一个任务。`
    : null;
}
