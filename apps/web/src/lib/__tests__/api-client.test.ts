import { requestSignature } from '@chuhai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { ApiError, api, BUILD_TIME, buildUrl, configureApiClient, handleEnvelope } from '../api-client';
import { storage } from '../storage';

const notifyError = vi.fn();
const redirectToLogin = vi.fn();
const onNewBuild = vi.fn();
let page = '/';

function respond(body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, ...init }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to be rejected');
}

beforeEach(() => {
  page = '/';
  notifyError.mockReset();
  redirectToLogin.mockReset();
  onNewBuild.mockReset();
  configureApiClient({ notifyError, redirectToLogin, onNewBuild, currentPath: () => page });
  useAuthStore.getState().signIn('tok-123', { username: '13812345678', phone: '13812345678' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('appends query parameters by hand, leaving out empty ones', () => {
    expect(buildUrl('/api/v1/orderList', { pageNo: 1, pageSize: 15, keyword: undefined, q: null })).toBe(
      '/api/v1/orderList?pageNo=1&pageSize=15',
    );
    expect(buildUrl('/api/v1/getMsgHistoryList', { keyword: '蓝牙 耳机&' })).toBe(
      '/api/v1/getMsgHistoryList?keyword=%E8%93%9D%E7%89%99%20%E8%80%B3%E6%9C%BA%26',
    );
  });

  it('sends Authorization, token, x-token over the exact URL, and BuildTime', async () => {
    const fetchMock = respond({ code: 200, msg: '成功', data: { ok: true } });
    await expect(api.get('/api/v1/orderList', { pageNo: 2 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/orderList?pageNo=2');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.token).toBe('tok-123');
    expect(headers['x-token']).toBe(requestSignature('/api/v1/orderList?pageNo=2', BUILD_TIME));
    expect(headers.BuildTime).toBe(BUILD_TIME);
    expect(init.signal).toBeUndefined();
  });

  it('posts JSON and sends the no-error header when asked', async () => {
    const fetchMock = respond({ code: 200, msg: '成功', data: null });
    await api.post('/api/v1/creatMsgTag', { prompt: 'p', msgTagTitleName: 't' }, { noError: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"prompt":"p","msgTagTitleName":"t"}');
    expect((init.headers as Record<string, string>).noError).toBe('1');
  });

  it('reports a newer build once the server says so', async () => {
    respond({ code: 200, msg: '成功', data: 1 }, { headers: { 'x-new-build': '2026-12-01T00:00:00Z' } });
    await api.get('/api/v1/info');
    expect(onNewBuild).toHaveBeenCalledWith('2026-12-01T00:00:00Z');
  });

  it('toasts a network failure in Chinese', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await rejection(api.get('/api/v1/orderList'));
    expect(error.code).toBe(0);
    expect(notifyError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试');
  });
});

describe('error catalogue (spec section 8)', () => {
  const call = (url: string, noError = false) => ({ url, noError });

  it('200 returns the data', () => {
    expect(handleEnvelope({ code: 200, msg: '成功', data: [1, 2] }, call('/api/v1/x'))).toEqual([1, 2]);
  });

  for (const code of [400001, 400002, 400003]) {
    it(`${code} on a question or draw page is only rejected`, () => {
      for (const path of ['/question', '/question/history', '/draw']) {
        page = path;
        const error = catchError(() =>
          handleEnvelope({ code, msg: '请先登录', data: null }, call('/api/v1/getMsgList')),
        );
        expect(error.reason).toBe('请先登录');
      }
      expect(notifyError).not.toHaveBeenCalled();
      expect(redirectToLogin).not.toHaveBeenCalled();
      expect(storage.get('token')).toBe('tok-123');
    });

    it(`${code} on the login or register page toasts the data or message`, () => {
      page = '/login';
      catchError(() => handleEnvelope({ code, msg: '登录已过期', data: '请重新登录' }, call('/api/v1/info')));
      expect(notifyError).toHaveBeenLastCalledWith('请重新登录');
      page = '/register';
      catchError(() => handleEnvelope({ code, msg: '登录已过期', data: null }, call('/api/v1/info')));
      expect(notifyError).toHaveBeenLastCalledWith('登录已过期');
      expect(redirectToLogin).not.toHaveBeenCalled();
    });

    it(`${code} on the login page stays silent with the no-error header`, () => {
      page = '/login';
      catchError(() => handleEnvelope({ code, msg: '登录已过期', data: null }, call('/api/v1/info', true)));
      expect(notifyError).not.toHaveBeenCalled();
    });

    it(`${code} elsewhere deletes the token and goes to /login`, () => {
      page = '/profile';
      const error = catchError(() =>
        handleEnvelope({ code, msg: '登录已过期', data: null }, call('/api/v1/info')),
      );
      expect(error.code).toBe(code);
      expect(storage.get('token')).toBeNull();
      expect(useAuthStore.getState().token).toBeNull();
      expect(redirectToLogin).toHaveBeenCalledTimes(1);
    });

    it(`${code} elsewhere with the no-error header keeps the token and stays put`, () => {
      page = '/';
      catchError(() => handleEnvelope({ code, msg: '登录已过期', data: null }, call('/api/v1/info', true)));
      expect(storage.get('token')).toBe('tok-123');
      expect(redirectToLogin).not.toHaveBeenCalled();
      expect(notifyError).not.toHaveBeenCalled();
    });
  }

  for (const code of [200001, 200002, 200004]) {
    it(`${code} is rejected with the code as a string and no toast`, () => {
      const error = catchError(() =>
        handleEnvelope({ code, msg: '今日次数已用完', data: { feature: 'chat' } }, call('/api/v1/sendMsg/')),
      );
      expect(error.reason).toBe(String(code));
      expect(error.message).toBe(String(code));
      expect(error.data).toEqual({ feature: 'chat' });
      expect(notifyError).not.toHaveBeenCalled();
    });
  }

  it('a silent call is rejected with the data or message and no toast', () => {
    const error = catchError(() =>
      handleEnvelope(
        { code: 500, msg: '查询失败', data: null },
        { url: '/api/v1/callback/order/?orderNo=1', silent: true },
      ),
    );
    expect(error.reason).toBe('查询失败');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('any other code toasts the message, with a colon and the data when it differs', () => {
    catchError(() =>
      handleEnvelope({ code: 400, msg: '参数有误', data: '手机号格式不正确' }, call('/api/v1/code/')),
    );
    expect(notifyError).toHaveBeenLastCalledWith('参数有误：手机号格式不正确');
    catchError(() => handleEnvelope({ code: 400, msg: '参数有误', data: '参数有误' }, call('/api/v1/code/')));
    expect(notifyError).toHaveBeenLastCalledWith('参数有误');
    catchError(() =>
      handleEnvelope({ code: 429, msg: '请求过于频繁', data: { retryAfter: 30 } }, call('/api/v1/code/')),
    );
    expect(notifyError).toHaveBeenLastCalledWith('请求过于频繁');
  });

  it('the rejection value is the data, or the message when there is no data', () => {
    expect(
      catchError(() => handleEnvelope({ code: 500, msg: '出错了', data: '细节' }, call('/api/x'))).reason,
    ).toBe('细节');
    expect(
      catchError(() => handleEnvelope({ code: 500, msg: '出错了', data: null }, call('/api/x'))).reason,
    ).toBe('出错了');
  });

  it('a call told to be silent shows no toast for a failure or a lost network; others do', async () => {
    respond({ code: 503, msg: '未配置 AI 服务', data: null });
    await expect(api.post('/api/v1/createImage/', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(api.get('/api/v1/callback/order/', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
    respond({ code: 503, msg: '未配置 AI 服务', data: null });
    await expect(api.get('/api/v1/getImageList')).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('未配置 AI 服务');
  });
});

function catchError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError');
}
