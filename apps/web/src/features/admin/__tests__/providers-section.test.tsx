import type { ProviderStatus } from '@chuhai/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOperator } from '../../../test/operator';
import { ok, renderWithApp } from '../../../test/render';
import { SELLER_PHONE, signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

const PROVIDERS: ProviderStatus[] = [
  {
    kind: 'chat',
    name: 'AI 问答（大模型）',
    configured: true,
    detail: '1 个渠道',
    howTo: '在「渠道」页新增',
  },
  {
    kind: 'drawing',
    name: 'AI 绘画（文生图）',
    configured: true,
    detail: '1 个渠道',
    howTo: '在「渠道」页新增',
  },
];

function openAs(role: 'admin' | 'support') {
  signInOperator({
    '/api/admin/me': () => ok({ userId: 9, phone: SELLER_PHONE, role, totpBound: true }),
    '/api/admin/providers': () => ok(PROVIDERS),
  });
  renderWithApp(<AdminConsole />, { path: '/admin/providers', route: '/admin/*' });
}

describe('运营后台 · 服务状态', () => {
  afterEach(signOut);

  it('lets an admin test each service, saying which one is billed', async () => {
    openAs('admin');
    expect(await screen.findByRole('button', { name: '测试AI 问答（大模型）' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '测试AI 绘画（文生图）' })).toBeInTheDocument();
    expect(screen.getByText('会真实生成一张图片（按服务商计费）')).toBeInTheDocument();
  });

  it('shows 客服 the status with no 测试, which the server would refuse them', async () => {
    openAs('support');
    expect(await screen.findByText('AI 绘画（文生图）')).toBeInTheDocument();
    expect(screen.getAllByText('已配置')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^测试/ })).toBeNull();
  });
});
