import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { signOut } from '../../../test/seller';
import { SecuritySection } from '../components/security-section';

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' };

describe('两步验证', () => {
  afterEach(signOut);

  it('replaces a bound authenticator only after a code from it is typed, and sends that code', async () => {
    const calls = signInOperator({
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
    const calls = signInOperator({
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
