import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkBenefit,
  DAILY_QUOTAS,
  type DailyLimits,
  honestBenefits,
  type SiteOffer,
} from '../src/index.ts';

const everything: SiteOffer = {
  advancedModel: true,
  features: { chat: true, draw: true, cutout: true, replace: true, translate: true },
};
const standardOnly: SiteOffer = { ...everything, advancedModel: false };
const noProviders: SiteOffer = {
  advancedModel: false,
  features: { chat: false, draw: false, cutout: true, replace: true, translate: false },
};
const limits: DailyLimits = DAILY_QUOTAS;

// The monthly plan's benefits as product.json seeds them.
const MONTH = [
  'AI 问答每日 300 次，可用高级模型',
  'AI 绘画每日 50 张',
  '抠图与主图每日 300 张',
  '换背景每日 200 张',
];

describe('a plan promises only what the site delivers now', () => {
  it('keeps every seeded benefit when everything is configured', () => {
    assert.deepEqual(honestBenefits(MONTH, everything, limits), MONTH);
  });

  it('cuts 「可用高级模型」 when no advanced model is on offer, and keeps the rest of its line', () => {
    assert.deepEqual(honestBenefits(MONTH, standardOnly, limits), [
      'AI 问答每日 300 次',
      'AI 绘画每日 50 张',
      '抠图与主图每日 300 张',
      '换背景每日 200 张',
    ]);
    assert.deepEqual(checkBenefit(MONTH[0] as string, standardOnly, limits).problems, [
      { clause: '可用高级模型', kind: 'advanced', reason: '现在没有可用的高级问答模型' },
    ]);
  });

  it('drops the lines of tools that are switched off', () => {
    assert.deepEqual(honestBenefits(MONTH, noProviders, limits), [
      '抠图与主图每日 300 张',
      '换背景每日 200 张',
    ]);
    assert.deepEqual(checkBenefit('AI 绘画每日 50 张', noProviders, limits), {
      shown: null,
      problems: [{ clause: 'AI 绘画每日 50 张', kind: 'off', reason: 'AI 绘画现在没有开放' }],
    });
  });

  it('cuts a daily count that is not the VIP limit enforced now', () => {
    const lowered: DailyLimits = { ...limits, vip: { ...limits.vip, chat: 200 } };
    assert.deepEqual(checkBenefit('AI 问答每日 300 次', everything, lowered), {
      shown: null,
      problems: [
        { clause: 'AI 问答每日 300 次', kind: 'count', reason: '写的是 300 次，AI 问答现在 VIP 每日 200 次' },
      ],
    });
    assert.equal(checkBenefit('AI 问答每日 200 次', everything, lowered).shown, 'AI 问答每日 200 次');
    // Two tools and two counts in one clause: each count is one of theirs.
    assert.equal(
      checkBenefit('AI 问答 300 次、AI 绘画 50 张', everything, limits).shown,
      'AI 问答 300 次、AI 绘画 50 张',
    );
    assert.equal(checkBenefit('AI 问答不限次数', everything, limits).shown, null);
  });

  it('leaves lines that promise nothing checkable as the operator wrote them', () => {
    const quarter = ['包含月度 VIP 全部权益', '平均每月约 ¥26.33', '适合旺季备货期集中上新'];
    assert.deepEqual(honestBenefits(quarter, noProviders, limits), quarter);
    assert.equal(checkBenefit('专属客服；优先处理。', noProviders, limits).shown, '专属客服；优先处理。');
  });
});
