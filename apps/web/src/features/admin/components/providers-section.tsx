import type { ProviderKind, ProviderStatus, ProviderTestResult } from '@chuhai/contract';
import { Alert, Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { useProviders } from '../api/get-providers';
import { useTestProvider } from '../api/test-provider';

const COSTS: Partial<Record<ProviderKind, string>> = {
  drawing: '会真实生成一张图片（按服务商计费）',
  sms: '会给你自己的手机发一条验证码短信',
};

/**
 * 服务状态: what is set up, what to set otherwise, and a real call to each with its time. 客服 reads
 * the status; only an admin tests (the server refuses anyone else, and a drawing test is billed).
 */
export function ProvidersSection({ canTest }: { canTest: boolean }) {
  const providers = useProviders();
  return (
    <div className="admin-section">
      <div className="admin-section__head">
        <h2>服务状态</h2>
      </div>
      <div className="admin-provider-grid">
        {(providers.data ?? []).map((p) => (
          <ProviderCard key={p.kind} provider={p} canTest={canTest} />
        ))}
      </div>
    </div>
  );
}

function ProviderCard({ provider, canTest }: { provider: ProviderStatus; canTest: boolean }) {
  const test = useTestProvider();
  const [result, setResult] = useState<ProviderTestResult | null>(null);
  return (
    <Card
      size="small"
      title={provider.name}
      extra={provider.configured ? <Tag color="green">已配置</Tag> : <Tag color="orange">未配置</Tag>}
    >
      <p className="admin-provider__detail">{provider.detail}</p>
      <p className="muted">{provider.howTo}</p>
      {canTest ? (
        <>
          <Button
            size="small"
            loading={test.isPending}
            onClick={() => test.mutate(provider.kind, { onSuccess: setResult })}
            aria-label={`测试${provider.name}`}
          >
            测试
          </Button>
          {COSTS[provider.kind] ? (
            <span className="muted admin-provider__cost">{COSTS[provider.kind]}</span>
          ) : null}
        </>
      ) : null}
      {result ? (
        <Alert
          className="admin-provider__result"
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={`${result.message}（${result.tookMs} ms）`}
        />
      ) : null}
    </Card>
  );
}
