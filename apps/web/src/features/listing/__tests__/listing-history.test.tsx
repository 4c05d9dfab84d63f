import type { Listing } from '@chuhai/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { ListingScreen } from '../components/listing-screen';
import { listingCsvRows } from '../export-csv';

const text = {
  title: 'Trinkflasche 750 ml',
  bullets: ['Eins'],
  description: 'Flasche.',
  searchTerms: 'flasche',
};
const facts = {
  productName: '304 不锈钢保温水杯',
  brand: 'AquaPeak',
  material: '304 不锈钢',
  size: '750 ml',
  sellingPoints: '24 小时保冷\n防漏杯盖',
  keywords: 'Thermosflasche',
  inTheBox: '水杯 1 个',
};
const at = (hour: number, minute: number, second = 0) =>
  new Date(2026, 10, 23, hour, minute, second).getTime();
/** Two writes of the same product: one for Amazon Germany in German, one for eBay UK. */
const listings: Listing[] = [
  {
    id: 8,
    marketplace: 'ebay',
    site: 'UK',
    language: 'en',
    facts: { ...facts, brand: '' },
    text,
    zh: text,
    issues: [],
    createdAt: at(14, 5, 7),
    updatedAt: at(14, 5, 7),
  },
  {
    id: 7,
    marketplace: 'amazon',
    site: 'DE',
    language: 'de',
    facts,
    text,
    zh: text,
    issues: [],
    createdAt: at(9, 30),
    updatedAt: at(10, 0),
  },
];

beforeEach(() => {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  useAuthStore.getState().signIn('tok-1', { username: '13812345678', phone: '13812345678' });
  Element.prototype.scrollIntoView = vi.fn();
  fakeApi({
    '/api/v1/getChatConfig': () => ok({ configured: true, advancedAvailable: false, hint: '' }),
    '/api/v1/info': () => ok({ ConsumerLevel: [], usage: [] }),
    '/api/v1/listing/list': () => ok({ list: listings, total: 2, pageNo: 1, pageSize: 10 }),
  });
});

const headers = (history: HTMLElement) =>
  within(history)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe('我的 listing', () => {
  it('names the product of each row and tells two writes of it apart by site, language and time to the second', async () => {
    renderWithApp(<ListingScreen />);
    const history = await screen.findByRole('region', { name: '我的 listing' });
    await within(history).findByText('2026-11-23 14:05:07');
    const [, ebay, amazon] = within(history).getAllByRole('row');
    expect(ebay).toHaveTextContent('304 不锈钢保温水杯');
    expect(ebay).toHaveTextContent('eBay · 英国站 · 英语');
    expect(ebay).toHaveTextContent('2026-11-23 14:05:07');
    expect(amazon).toHaveTextContent('304 不锈钢保温水杯 · AquaPeak');
    expect(amazon).toHaveTextContent('亚马逊 · 德国站 · 德语');
    expect(amazon).toHaveTextContent('2026-11-23 09:30:00（已改）');
  });

  it('on a phone fits each row to the screen: product, site, time and 打开 in two columns, nothing wider', async () => {
    screenWidth(390);
    renderWithApp(<ListingScreen />);
    const history = await screen.findByRole('region', { name: '我的 listing' });
    await within(history).findByText('2026-11-23 14:05:07');
    expect(headers(history)).toEqual(['商品', '操作']);
    // A table given a width of its own scrolls sideways inside a 390 px screen.
    expect(within(history).getByRole('table').style.width).toBe('');
    const [, ebay] = within(history).getAllByRole('row');
    expect(ebay).toHaveTextContent('304 不锈钢保温水杯');
    expect(ebay).toHaveTextContent('eBay · 英国站 · 英语');
    expect(ebay).toHaveTextContent('2026-11-23 14:05:07');
    expect(within(ebay as HTMLElement).getByRole('button', { name: /打开/ })).toBeInTheDocument();
    expect(within(ebay as HTMLElement).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
  });

  it('on a desktop keeps a column each for the site, title, rules and time', async () => {
    screenWidth(1440);
    renderWithApp(<ListingScreen />);
    const history = await screen.findByRole('region', { name: '我的 listing' });
    await within(history).findByText('2026-11-23 14:05:07');
    expect(headers(history)).toEqual(['商品', '站点', '标题', '规则', '写于', '操作']);
  });

  it('打开 refills every input of the form with the listing’s product and site', async () => {
    renderWithApp(<ListingScreen />);
    const history = await screen.findByRole('region', { name: '我的 listing' });
    expect(screen.getByRole('textbox', { name: '商品名称' })).toHaveValue('');
    fireEvent.click(await within(history).findByRole('button', { name: /打开「304 不锈钢保温水杯」亚马逊/ }));

    const form = screen.getByRole('region', { name: '商品信息' });
    expect(within(form).getByRole('textbox', { name: '商品名称' })).toHaveValue(facts.productName);
    expect(within(form).getByRole('textbox', { name: '品牌' })).toHaveValue('AquaPeak');
    expect(within(form).getByRole('textbox', { name: '材质' })).toHaveValue('304 不锈钢');
    expect(within(form).getByRole('textbox', { name: '尺寸规格' })).toHaveValue('750 ml');
    expect(within(form).getByRole('textbox', { name: '卖点' })).toHaveValue(facts.sellingPoints);
    expect(within(form).getByRole('textbox', { name: '关键词' })).toHaveValue('Thermosflasche');
    expect(within(form).getByRole('textbox', { name: '包装清单' })).toHaveValue('水杯 1 个');
    const target = form.querySelector('.listing-target') as HTMLElement;
    expect(within(target).getByText('亚马逊')).toBeInTheDocument();
    expect(within(target).getByText('德国站')).toBeInTheDocument();
    expect(within(target).getByText('德语')).toBeInTheDocument();
    // …and the listing itself is open in the editor.
    expect(screen.getByRole('article', { name: '亚马逊 · 德国站' })).toBeInTheDocument();

    // Opening the other write replaces what the form held, brand included.
    fireEvent.click(within(history).getByRole('button', { name: /打开「304 不锈钢保温水杯」eBay/ }));
    expect(within(form).getByRole('textbox', { name: '品牌' })).toHaveValue('');
    expect(within(target).getByText('eBay')).toBeInTheDocument();
    expect(within(target).getByText('英国站')).toBeInTheDocument();
  });

  it('exports the product name and the times, so the rows of one product tell apart', () => {
    const { header, rows } = listingCsvRows(listings);
    expect(header[0]).toBe('商品名称');
    expect(header.slice(-2)).toEqual(['写于', '更新时间']);
    expect(rows.map((r) => [r[0], r[1], r[2], ...r.slice(-2)])).toEqual([
      ['304 不锈钢保温水杯', 'eBay', '英国站', '2026-11-23 14:05:07', '2026-11-23 14:05:07'],
      ['304 不锈钢保温水杯', '亚马逊', '德国站', '2026-11-23 09:30:00', '2026-11-23 10:00:00'],
    ]);
  });
});

describe('a listing named in the address', () => {
  it('opens #/listing?listing=7 in the editor with its product and site in the form', async () => {
    fakeApi({
      '/api/v1/getChatConfig': () => ok({ configured: true, advancedAvailable: false, hint: '' }),
      '/api/v1/info': () => ok({ ConsumerLevel: [], usage: [] }),
      '/api/v1/listing/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
      '/api/v1/listing/7': () => ok(listings[1]),
    });
    renderWithApp(<ListingScreen />, { path: '/screen?listing=7' });
    expect(await screen.findByRole('article', { name: '亚马逊 · 德国站' })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: '商品信息' });
    expect(within(form).getByRole('textbox', { name: '商品名称' })).toHaveValue(facts.productName);
  });

  it('says why one that cannot be opened was not', async () => {
    fakeApi({
      '/api/v1/getChatConfig': () => ok({ configured: true, advancedAvailable: false, hint: '' }),
      '/api/v1/info': () => ok({ ConsumerLevel: [], usage: [] }),
      '/api/v1/listing/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
      '/api/v1/listing/9': () => ({ status: 404, body: { code: 404, msg: 'listing 不存在', data: null } }),
    });
    renderWithApp(<ListingScreen />, { path: '/screen?listing=9' });
    expect(await screen.findByText('没能打开这条 listing：listing 不存在')).toBeInTheDocument();
  });
});
