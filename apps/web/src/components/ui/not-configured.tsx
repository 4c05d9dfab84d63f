import { Result } from 'antd';
import type { ReactNode } from 'react';

/**
 * A tool the server has no provider for yet: says plainly that `feature` is not open and what an
 * operator must set (`hint`), instead of a broken screen.
 */
export function NotConfigured({ feature, icon, hint }: { feature: string; icon: ReactNode; hint: string }) {
  return <Result icon={icon} status="warning" title={`${feature}暂未开通`} subTitle={hint} />;
}
