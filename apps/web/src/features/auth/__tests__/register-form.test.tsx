import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { RegisterForm } from '../components/register-form';

beforeEach(() => {
  useAuthStore.getState().clear();
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/register' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(values: { phone?: string; code?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.phone) await user.type(screen.getByLabelText('手机号'), values.phone);
  if (values.code) await user.type(screen.getByLabelText('短信验证码'), values.code);
  if (values.password) await user.type(screen.getByLabelText('设置密码'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('确认密码'), values.confirm);
  return user;
}

describe('register form', () => {
  it('explains each problem in the form and sends nothing', async () => {
    const calls = fakeApi({});
    renderWithApp(<RegisterForm />, { path: '/register', route: '/register' });
    const user = await fill({
      phone: '13812345678',
      code: '12345',
      password: 'abcdefgh',
      confirm: 'abcdefgi',
    });
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    // antd validates each field on its own tick; on a loaded machine the last message comes later.
    for (const message of [
      '验证码为 6 位数字',
      '密码需同时包含字母和数字',
      '两次输入的密码不一致',
      '请阅读并同意用户协议和隐私政策',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('links the terms and the privacy policy where the seller agrees, each in a new tab', () => {
    renderWithApp(<RegisterForm />, { path: '/register', route: '/register' });
    const agreement = screen.getByRole('checkbox').closest('label') as HTMLElement;
    expect(agreement).toHaveTextContent('我已阅读并同意《用户协议》和《隐私政策》');
    const terms = screen.getByRole('link', { name: '《用户协议》' });
    expect(terms).toHaveAttribute('href', '#/protocol/yhxy');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '#/protocol/yszc');
  });

  it('prefills the invite code from the link and registers with it, upper-cased', async () => {
    const calls = fakeApi({
      '/api/v1/register/': () =>
        ok({ token: 't', expiresAt: 0, user: { username: '13812345678', phone: '13812345678' } }),
    });
    const { router } = renderWithApp(<RegisterForm inviteCode="ab23cd45" />, {
      path: '/register',
      route: '/register',
    });
    expect(screen.getByLabelText('邀请码（选填）')).toHaveValue('ab23cd45');
    const user = await fill({
      phone: '13812345678',
      code: '123456',
      password: 'Seller2026go',
      confirm: 'Seller2026go',
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /注\s*册/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]?.body).toEqual({
      phone: '13812345678',
      code: '123456',
      password: 'Seller2026go',
      inviteCode: 'AB23CD45',
    });
    expect(useAuthStore.getState().token).toBe('t');
  });
});
