import type { Listing } from '@chuhai/contract';
import { csvText } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { ListingEditor } from '../components/listing-editor';
import { listingCsvRows } from '../export-csv';

const text = {
  title: 'Insulated Water Bottle 750 ml',
  bullets: ['One', 'Two', 'Three', 'Four', 'Five'],
  description: 'A bottle.',
  searchTerms: 'flask thermos',
};
const listing: Listing = {
  id: 7,
  marketplace: 'amazon',
  site: 'DE',
  language: 'de',
  facts: {
    productName: '水杯',
    brand: 'Aqua!',
    material: '',
    size: '',
    sellingPoints: '',
    keywords: '',
    inTheBox: '',
  },
  text,
  zh: { ...text, title: '保温水杯 750 毫升' },
  issues: [],
  createdAt: 0,
  updatedAt: Date.UTC(2026, 10, 23),
};

/** A broken rule as the seller reads it: 「必须」 then the message, in one list item. */
const issue = (text: string) => screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === text);

describe('Listing editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts and checks as the seller types: characters for the title, UTF-8 bytes for search terms', async () => {
    renderWithApp(<ListingEditor listing={listing} onFix={() => {}} busy={false} />);
    expect(screen.getByText('符合全部规则')).toBeInTheDocument();
    expect(screen.getByText('29 / 200 字符')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /一键修正/ })).toBeDisabled();

    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: 'Trinkflasche! ' } });
    expect(issue('必须标题含不允许的字符 !')).toBeInTheDocument();
    expect(screen.getByText('1 项必须修改')).toBeInTheDocument();
    // The brand's own "!" is allowed.
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), {
      target: { value: 'Aqua! Trinkflasche' },
    });
    expect(screen.getByText('符合全部规则')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: '搜索关键词' }), {
      target: { value: 'ü'.repeat(126) },
    });
    expect(screen.getByText('252 / 250 字节')).toHaveClass('listing-counter--over');
    expect(issue('必须搜索关键词 252 字节，上限 250')).toBeInTheDocument();
  });

  it('一键修正 saves unsaved edits first, then fixes the saved listing', async () => {
    const title = 'x'.repeat(201);
    const saved = { ...listing, text: { ...text, title } };
    const calls = fakeApi({ '/api/v1/listing/7': () => ok(saved) });
    const onFix = vi.fn();
    renderWithApp(<ListingEditor listing={listing} onFix={onFix} busy={false} />);
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: title } });
    expect(screen.getByText(/有未保存的修改/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /一键修正/ }));
    await waitFor(() => expect(onFix).toHaveBeenCalledWith(saved));
    expect(calls[0]?.body).toEqual({ text: { ...text, title } });
  });

  it('exports one row per listing with the bullets in their own columns, and defuses formula cells', () => {
    const { header, rows } = listingCsvRows([{ ...listing, text: { ...text, title: '=HYPERLINK("x")' } }]);
    expect(header).toHaveLength(15);
    expect(rows[0]?.slice(0, 6)).toEqual(['水杯', '亚马逊', '德国站', '德语', '=HYPERLINK("x")', 'One']);
    expect(rows[0]?.at(-3)).toBe('通过');
    const csv = csvText(header, rows);
    expect(csv.split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csvText(['n'], [[-12.5], ['-3']])).toBe('"n"\r\n"-12.5"\r\n"-3"');
  });
});
