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

/** On a phone the results sit below the form: bring them into view when work starts there. */
export function revealIfBelowFold(element: HTMLElement | null) {
  if (element && element.getBoundingClientRect().top > window.innerHeight * 0.6)
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
