import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { RedeemCard } from '../components/redeem-card';

describe('兑换码', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
  });

  it('asks a visitor to sign in instead of showing the form', () => {
    renderWithApp(<RedeemCard />);
    expect(screen.getByText(/登录后即可兑换 VIP/)).toBeInTheDocument();
    expect(screen.queryByLabelText('兑换码')).toBeNull();
  });

  it('redeems a code, says how many days and until when, and empties the box', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    const end = new Date(2027, 0, 15).getTime();
    const calls = fakeApi({ '/api/v1/redeem': () => ok({ days: 7, vipEndAt: end }) });
    renderWithApp(<RedeemCard />);
    const box = screen.getByLabelText('兑换码');
    expect(screen.getByRole('button', { name: /兑\s*换/ })).toBeDisabled();
    fireEvent.change(box, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: /兑\s*换/ }));
    expect(await screen.findByText('兑换成功：获得 7 天 VIP，有效期至 2027-01-15')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/redeem')?.body).toEqual({ code: 'abcd-efgh-jkmn-pqrs' });
    expect(box).toHaveValue('');
  });

  it('a double click on 兑换 sends the code once; a repeat the server recognises says nothing was added', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    const end = new Date(2027, 0, 15).getTime();
    let repeat = false;
    const calls = fakeApi({
      '/api/v1/redeem': () => ok({ days: 7, vipEndAt: end, ...(repeat ? { repeat } : {}) }),
    });
    renderWithApp(<RedeemCard />);
    const box = screen.getByLabelText('兑换码');
    fireEvent.change(box, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    const button = screen.getByRole('button', { name: /兑\s*换/ });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('兑换成功：获得 7 天 VIP，有效期至 2027-01-15')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/redeem')).toHaveLength(1);

    // Typed again (the answer to the first had been lost): the server answers that redemption.
    repeat = true;
    fireEvent.change(box, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: /兑\s*换/ }));
    expect(
      await screen.findByText('这个兑换码你已兑换过（7 天 VIP），没有重复计入；VIP 有效期至 2027-01-15'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason under the box and clears it when the seller types again", async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    fakeApi({ '/api/v1/redeem': () => ({ body: { code: 400, msg: '该兑换码已被使用', data: null } }) });
    renderWithApp(<RedeemCard />);
    const box = screen.getByLabelText('兑换码');
    fireEvent.change(box, { target: { value: 'USED-USED-USED-USED' } });
    fireEvent.click(screen.getByRole('button', { name: /兑\s*换/ }));
    expect(await screen.findByText('该兑换码已被使用')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'USED-USED-USED-USE' } });
    // antd fades the old help text out before the hint comes back.
    await waitFor(() => expect(screen.queryByText('该兑换码已被使用')).toBeNull());
    expect(await screen.findByText(/16 位字母和数字/)).toBeInTheDocument();
  });
});
