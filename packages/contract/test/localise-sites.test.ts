import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  findLocaliseSite,
  LOCALISE_SITES,
  MAIN_IMAGE_RULE_SETS,
  MARKETPLACES,
  TRANSLATE_LANGUAGE_CODES,
} from '../src/index.ts';

describe('一键出海 sites', () => {
  it('offers every site the issue names that has rules, each with its language and picture rules', () => {
    const ids = LOCALISE_SITES.map((s) => s.id);
    for (const id of ['US', 'UK', 'DE', 'FR', 'IT', 'ES', 'JP']) assert.ok(ids.includes(`amazon-${id}`), id);
    for (const marketplace of ['shopee', 'lazada', 'tiktok', 'mercadolibre', 'temu', 'ebay'])
      assert.ok(
        ids.some((id) => id.startsWith(`${marketplace}-`)),
        marketplace,
      );
    assert.equal(findLocaliseSite('amazon-DE')?.language, 'de');
    assert.equal(findLocaliseSite('amazon-JP')?.language, 'ja');
    assert.equal(findLocaliseSite('amazon-DE')?.name, '亚马逊 · 德国站');
    // Shopee Taiwan (issue 55): in Traditional Chinese, pictures by Shopee's main-image rules.
    assert.equal(findLocaliseSite('shopee-TW')?.language, 'zh-TW');
    assert.equal(findLocaliseSite('shopee-TW')?.imageRules, 'shopee');
    // Shopee's local sites (issue 55) are written in their buyers' languages.
    assert.equal(findLocaliseSite('shopee-TH')?.language, 'th');
    assert.equal(findLocaliseSite('shopee-XX'), undefined);
  });

  it('derives each site from the listing rules, and each has main-image rules and a translation language', () => {
    const listed = Object.values(MARKETPLACES).flatMap((m) => m.sites.map((s) => `${m.id}-${s.id}`));
    assert.deepEqual(
      LOCALISE_SITES.map((s) => s.id),
      listed,
    );
    for (const site of LOCALISE_SITES) {
      assert.ok(MAIN_IMAGE_RULE_SETS[site.imageRules], site.id);
      assert.ok((TRANSLATE_LANGUAGE_CODES as string[]).includes(site.language), site.id);
    }
  });
});
