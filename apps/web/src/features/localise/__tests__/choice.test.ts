import type { LocaliseProduct } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../entities/listing/facts-form';
import { allState, chosen, NOTHING_SKIPPED, nothingChosen, productKey, toggle } from '../choice';

const product = (code: string | undefined, mainPhotoId: number): LocaliseProduct => ({
  code,
  facts: { ...EMPTY_FACTS, productName: `商品${mainPhotoId}` },
  mainPhotoId,
  detailPhotoIds: [],
});

const a = product('A', 1);
const b = product('B', 2);
const c = product(undefined, 3);

describe('the estimate’s choice', () => {
  it('nothing skipped: every product and site, in order', () => {
    expect(chosen([a, b, c], ['amazon-US', 'amazon-DE'], NOTHING_SKIPPED)).toEqual({
      products: [a, b, c],
      sites: ['amazon-US', 'amazon-DE'],
    });
  });

  it('a product taken out by its code, one without a code by its main photo, a site by id', () => {
    const skipped = {
      products: toggle(toggle(new Set(), [productKey(b)], false), [productKey(c)], false),
      sites: toggle(new Set(), ['amazon-DE'], false),
    };
    expect(chosen([a, b, c], ['amazon-US', 'amazon-DE', 'shopee-SG'], skipped)).toEqual({
      products: [a],
      sites: ['amazon-US', 'shopee-SG'],
    });
    expect(productKey(c)).toBe('photo:3');
  });

  it('ticking again puts it back; 全选 takes all out and puts all back', () => {
    const keys = ['amazon-US', 'amazon-DE', 'shopee-SG'];
    let sites = toggle(new Set(), ['amazon-DE'], false);
    expect(allState(keys, sites)).toEqual({ checked: false, indeterminate: true });
    sites = toggle(sites, ['amazon-DE'], true);
    expect(allState(keys, sites)).toEqual({ checked: true, indeterminate: false });
    sites = toggle(sites, keys, false);
    expect(allState(keys, sites)).toEqual({ checked: false, indeterminate: false });
    expect(chosen([a], keys, { products: new Set(), sites }).sites).toEqual([]);
    sites = toggle(sites, keys, true);
    expect(chosen([a], keys, { products: new Set(), sites }).sites).toEqual(keys);
  });

  it('a lone product or site stays in even if it was taken out when there were more', () => {
    const skipped = { products: new Set([productKey(a)]), sites: new Set(['amazon-US']) };
    expect(chosen([a], ['amazon-US'], skipped)).toEqual({ products: [a], sites: ['amazon-US'] });
    expect(chosen([a, b], ['amazon-US', 'amazon-DE'], skipped)).toEqual({
      products: [b],
      sites: ['amazon-DE'],
    });
  });

  it('says what is missing when everything of a kind is taken out', () => {
    expect(nothingChosen({ products: [], sites: [] })).toBe('至少选一个商品和一个站点。');
    expect(nothingChosen({ products: [], sites: ['x'] })).toBe('至少选一个商品。');
    expect(nothingChosen({ products: [a], sites: [] })).toBe('至少选一个站点。');
    expect(nothingChosen({ products: [a], sites: ['x'] })).toBeNull();
  });
});
