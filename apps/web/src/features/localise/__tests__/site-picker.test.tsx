import { LOCALISE_SITES } from '@chuhai/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SitePicker } from '../components/site-picker';

/** The picker as the form holds it: its value in state, started with Amazon US. */
function Picker({ onValue }: { onValue: (sites: string[]) => void }) {
  const [sites, setSites] = useState(['amazon-US']);
  return (
    <SitePicker
      value={sites}
      onChange={(next) => {
        setSites(next);
        onValue(next);
      }}
    />
  );
}

function renderPicker() {
  let value = ['amazon-US'];
  render(<Picker onValue={(next) => (value = next)} />);
  return { value: () => value };
}

const SOUTHEAST_ASIA = LOCALISE_SITES.filter((s) => ['SG', 'MY', 'PH', 'TH', 'VN', 'ID'].includes(s.site));

describe('the site picker with some 45 sites', () => {
  it('says how many are chosen, per marketplace too, and 清空 takes them all out', () => {
    const picker = renderPicker();
    expect(screen.getByText(/已选/, { selector: 'p' })).toHaveTextContent('已选 1 个站点');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Shopee 台湾站' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lazada 泰国站' }));
    expect(screen.getByText(/已选/, { selector: 'p' })).toHaveTextContent('已选 3 个站点');
    const shopee = screen.getByRole('group', { name: /Shopee/ });
    expect(shopee).toHaveTextContent('已选 1/9');
    expect(screen.getByRole('group', { name: /美客多/ })).toHaveTextContent('2 个站点');

    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(picker.value()).toEqual([]);
    expect(screen.getByText(/已选/, { selector: 'p' })).toHaveTextContent('已选 0 个站点');
    expect(screen.getByRole('button', { name: '清空' })).toBeDisabled();
  });

  it('东南亚 ticks every marketplace’s sites there and nothing else; pressed again, takes them out', () => {
    const picker = renderPicker();
    const regions = screen.getByRole('group', { name: '按地区选站点' });
    const southeastAsia = within(regions).getByRole('button', { name: /东南亚/ });
    expect(southeastAsia).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(southeastAsia);
    expect(SOUTHEAST_ASIA.length).toBeGreaterThanOrEqual(18);
    expect(picker.value()).toEqual(['amazon-US', ...SOUTHEAST_ASIA.map((s) => s.id)]);
    expect(screen.getByRole('checkbox', { name: 'Lazada 越南站' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'TikTok Shop 印尼站' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Shopee 台湾站' })).not.toBeChecked();
    expect(southeastAsia).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(southeastAsia);
    expect(picker.value()).toEqual(['amazon-US']);
  });

  it('keeps the chosen sites in the marketplaces’ order, not the order they were ticked', () => {
    const picker = renderPicker();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lazada 泰国站' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Shopee 台湾站' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '亚马逊 德国站' }));
    expect(picker.value()).toEqual(['amazon-US', 'amazon-DE', 'shopee-TW', 'lazada-TH']);
  });
});
