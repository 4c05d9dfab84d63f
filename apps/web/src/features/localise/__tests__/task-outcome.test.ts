import type { LocaliseTask } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import { siteGroups, toggleMarketplace } from '../site-groups';
import { failingRequired, jobCountsText, taskDoing, verdictOf } from '../task-outcome';

const rule = (ruleId: string, level: 'required' | 'recommended', pass: boolean) => ({
  scope: 'listing',
  place: '标题',
  ruleId,
  level,
  pass,
  message: '',
  todo: '',
});

describe('a product × site', () => {
  it('is 可以上架 only when done and ready; 不能上架 when done and a 必须 rule fails', () => {
    expect(verdictOf({ status: 'done', ready: true })).toBe('ready');
    expect(verdictOf({ status: 'done', ready: false })).toBe('not-ready');
    expect(verdictOf({ status: 'failed', ready: null })).toBe('failed');
    expect(verdictOf({ status: 'processing', ready: null })).toBe('pending');
    expect(verdictOf({ status: 'waiting', ready: null })).toBe('pending');
    expect(verdictOf({ status: 'paused', ready: null })).toBe('paused');
    expect(verdictOf({ status: 'cancelled', ready: null })).toBe('cancelled');
  });

  it('names only the failing 必须 rules as why it cannot be listed', () => {
    const rules = [
      rule('a', 'required', true),
      rule('b', 'required', false),
      rule('c', 'recommended', false),
    ];
    expect(failingRequired({ rules } as Pick<LocaliseTask, 'rules'>).map((r) => r.ruleId)).toEqual(['b']);
  });

  it('says what a task is doing by its stage', () => {
    expect(taskDoing({ status: 'processing', stage: 'pictures' })).toBe('正在翻译详情图');
    expect(taskDoing({ status: 'waiting', stage: null })).toBe('等待');
  });
});

describe('a job’s progress', () => {
  const job = {
    total: 6,
    products: 3,
    sites: ['amazon-US', 'shopee-SG'],
    ready: 3,
    counts: { done: 4, processing: 1, failed: 1 },
  };

  it('says the counts that are not zero, with how many are 可以上架', () => {
    expect(jobCountsText(job)).toBe('共 6 个（3 个商品 × 2 个站点）：完成 4（可以上架 3），处理中 1，失败 1');
    expect(jobCountsText({ ...job, ready: 0, counts: { waiting: 6 } })).toBe(
      '共 6 个（3 个商品 × 2 个站点）：完成 0，等待 6',
    );
  });
});

describe('the sites', () => {
  const groups = siteGroups();

  it('are grouped by marketplace, each site with its buyers’ language', () => {
    expect(groups.map((g) => g.name)).toEqual([
      '亚马逊',
      'TikTok Shop',
      'Shopee',
      'Lazada',
      '美客多',
      'Temu',
      'eBay',
    ]);
    const amazon = groups[0];
    expect(amazon?.sites.find((s) => s.id === 'amazon-DE')).toEqual({
      id: 'amazon-DE',
      label: '德国站',
      language: '德语',
      region: 'europe',
    });
    expect(amazon?.sites.find((s) => s.id === 'amazon-JP')?.language).toBe('日语');
    const shopee = groups.find((g) => g.marketplace === 'shopee');
    expect(shopee?.sites.find((s) => s.id === 'shopee-TW')).toEqual({
      id: 'shopee-TW',
      label: '台湾站',
      language: '繁体中文',
      region: 'east-asia',
    });
  });

  it('list a marketplace’s sites region by region, every site in a region', () => {
    const amazon = groups.find((g) => g.marketplace === 'amazon');
    expect(amazon?.sites.map((s) => s.label)).toEqual([
      '美国站',
      '加拿大站',
      '英国站',
      '德国站',
      '法国站',
      '意大利站',
      '西班牙站',
      '荷兰站',
      '波兰站',
      '瑞典站',
      '日本站',
      '墨西哥站',
      '澳大利亚站',
    ]);
    const unplaced = groups.flatMap((g) => g.sites).filter((s) => s.region === undefined);
    expect(unplaced.map((s) => s.id)).toEqual([]);
  });

  it('a whole marketplace is ticked or cleared at once, keeping the other marketplaces’ sites', () => {
    const shopee = groups.find((g) => g.marketplace === 'shopee');
    if (!shopee) throw new Error('no Shopee');
    const all = toggleMarketplace(['amazon-US'], shopee, true);
    expect(all).toEqual([
      'amazon-US',
      'shopee-SG',
      'shopee-MY',
      'shopee-PH',
      'shopee-TW',
      'shopee-TH',
      'shopee-VN',
      'shopee-ID',
      'shopee-BR',
      'shopee-MX',
    ]);
    expect(toggleMarketplace(all, shopee, false)).toEqual(['amazon-US']);
  });
});
