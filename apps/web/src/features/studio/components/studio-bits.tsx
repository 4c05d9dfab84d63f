import type { FeatureUsage } from '@chuhai/contract';
import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';

/** The sign-in button in place of the action, coming back here afterwards. */
export function SignInToUse(props: { action: string }) {
  const location = useLocation();
  return (
    <Link to={`${paths.login.getHref()}?redirect=${encodeURIComponent(location.pathname)}`}>
      <Button type="primary" size="large" block>
        登录后{props.action}
      </Button>
    </Link>
  );
}

/** 今日剩余 N/M 张 */
export function UsageLine(props: { usage: FeatureUsage | undefined; unit: string }) {
  if (!props.usage) return null;
  const left = Math.max(0, props.usage.limit - props.usage.used);
  return (
    <p className="chat-muted studio-quota">
      今日剩余 {left}/{props.usage.limit} {props.unit}
    </p>
  );
}
