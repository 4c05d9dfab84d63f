import { STORAGE_PREFIX, smsCodeSignature } from '@chuhai/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCodeCountdownStore } from '../../../entities/sms-code/code-countdown-store';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { cheapChallenge } from '../../../test/captcha';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { LoginForm } from '../components/login-form';
import { safeRedirect } from '../use-sign-in';

const session = { token: 'tok-1', expiresAt: 0, user: { username: '13812345678', phone: '13812345678' } };
const notifyError = vi.fn();

beforeEach(() => {
  useAuthStore.getState().clear();
  useCodeCountdownStore.setState({ readyAt: {} });
  notifyError.mockReset();
  configureApiClient({ notifyError, currentPath: () => '/login' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('says under 登录 that signing in accepts the terms and the privacy policy, both linked', () => {
    renderWithApp(<LoginForm />, { path: '/login', route: '/login' });
    expect(screen.getByText(/登录即表示你同意/)).toHaveTextContent(
      '登录即表示你同意《用户协议》和《隐私政策》',
    );
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '#/protocol/yhxy');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '#/protocol/yszc');
  });

  it('logs in with the password, stores token and userinfo, and goes where the user came from', async () => {
    const calls = fakeApi({ '/api/v1/login/': () => ok(session) });
    const { router } = renderWithApp(<LoginForm />, { path: '/login?redirect=%2Fprofile', route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('手机号'), '13812345678');
    await user.type(screen.getByLabelText('密码'), 'Seller2026go');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(calls[0]?.body).toEqual({ phone: '13812345678', password: 'Seller2026go' });
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}token`) ?? '{}')).toEqual({ data: 'tok-1' });
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}userinfo`) ?? '{}').data.username).toBe(
      '13812345678',
    );
  });

  it('stops a bad phone in the form, before any request', async () => {
    const calls = fakeApi({});
    renderWithApp(<LoginForm />, { path: '/login', route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('手机号'), '1381234');
    await user.type(screen.getByLabelText('密码'), 'x');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends a signed login code, counts down 60 s, then logs in with the code', async () => {
    const calls = fakeApi({
      ...(await cheapChallenge()),
      '/api/v1/code/': () => ok({ resendAfter: 60, expiresIn: 300 }),
      '/api/v1/login/': () => ok(session),
    });
    const { router } = renderWithApp(<LoginForm />, { path: '/login', route: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByText('验证码登录'));
    await user.type(screen.getByLabelText('手机号'), '13812345678');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /60 秒后重新获取/ })).toBeDisabled();
    expect(calls[0]?.url).toBe('/api/v1/captcha');
    const sent = calls[1]?.body as { phone: string; type: number; ts: number; sign: string; captcha: string };
    expect(sent.type).toBe(2);
    // The solved challenge travels with the request: the server checks the work before sending.
    const proof = JSON.parse(atob(sent.captcha));
    expect(proof.solution.counter).toBe(3);
    expect(sent.sign).toBe(smsCodeSignature('13812345678', sent.ts));
    expect(Math.abs(sent.ts - Date.now() / 1000)).toBeLessThan(5);

    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[2]?.body).toEqual({ phone: '13812345678', code: '123456' });
  });

  it('counts down the server’s wait when it answers 429, and shows its message', async () => {
    fakeApi({
      ...(await cheapChallenge()),
      '/api/v1/code/': () => ({
        status: 429,
        body: { code: 429, msg: '验证码已发送，请 40 秒后再重新获取', data: { retryAfter: 40 } },
      }),
    });
    renderWithApp(<LoginForm />, { path: '/login', route: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByText('验证码登录'));
    await user.type(screen.getByLabelText('手机号'), '13812345678');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /40 秒后重新获取/ })).toBeDisabled();
    expect(notifyError).toHaveBeenCalledWith('验证码已发送，请 40 秒后再重新获取');
  });
});

describe('safeRedirect', () => {
  it('follows only our own routes, never back to login or off-site', () => {
    expect(safeRedirect('/question/history')).toBe('/question/history');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?x=1')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
