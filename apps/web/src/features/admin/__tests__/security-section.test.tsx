import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { SecuritySection } from '../components/security-section';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' };

describe('两步验证', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
  });

  it('replaces a bound authenticator only after a code from it is typed, and sends that code', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    const calls = fakeApi({
      '/api/admin/me': () => ok({ userId: 1, phone: '13800000000', role: 'admin', totpBound: true }),
      '/api/admin/totp/setup': () => ok(SETUP),
    });
    renderWithApp(<SecuritySection />);
    const rebind = await screen.findByRole('button', { name: '重新绑定' });
    expect(rebind).toBeDisabled();
    fireEvent.change(screen.getByLabelText('当前验证码'), { target: { value: '12a3456' } });
    expect(screen.getByLabelText('当前验证码')).toHaveValue('123456');
    fireEvent.click(rebind);
    expect(await screen.findByText(SETUP.secret)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/totp/setup')?.body).toEqual({ code: '123456' });
  });

  it('binds the first authenticator without a code', async () => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    const calls = fakeApi({
      '/api/admin/me': () => ok({ userId: 1, phone: '13800000000', role: 'admin', totpBound: false }),
      '/api/admin/totp/setup': () => ok(SETUP),
    });
    renderWithApp(<SecuritySection />);
    fireEvent.click(await screen.findByRole('button', { name: '开始绑定' }));
    expect(await screen.findByText(SETUP.secret)).toBeInTheDocument();
    expect(screen.queryByLabelText('当前验证码')).toBeNull();
    expect(calls.find((c) => c.url === '/api/admin/totp/setup')?.body).toEqual({});
  });
});
