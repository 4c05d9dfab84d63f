import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { paths } from '../config/paths';

/**
 * Renders a screen or component the way the app does (antd App, a fresh query cache, a router
 * starting at `path`), with other routes that just name themselves, so tests can see navigation.
 */
export function renderWithApp(element: ReactNode, { path = '/screen', route = '/screen' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: paths.home.path, element: <p>首页</p> },
      { path: paths.login.path, element: <p>登录页</p> },
      { path: paths.profile.path, element: <p>个人中心页</p> },
      { path: paths.price.path, element: <p>购买页</p> },
      { path: paths.question.path, element: <p>AI 问答页</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AntdApp>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdApp>,
  );
  return { ...view, router, queryClient };
}

export interface FakeCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Replaces fetch with a router of canned envelopes by path; records every call. */
export function fakeApi(routes: Record<string, (call: FakeCall) => { status?: number; body: unknown }>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const call: FakeCall = {
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const path = url.split('?', 1)[0] ?? url;
    const handler = routes[path];
    if (!handler)
      return new Response(JSON.stringify({ code: 404, msg: '接口不存在', data: null }), { status: 404 });
    const reply = handler(call);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const ok = (data: unknown) => ({ body: { code: 200, msg: '成功', data } });
