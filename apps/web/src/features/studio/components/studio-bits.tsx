import type { FeatureUsage } from '@chuhai/contract';
import { Alert, Progress } from 'antd';
import type { ReactNode } from 'react';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import '../studio.css';

/** The sign-in button in place of the action, coming back here afterwards. */
export function SignInToUse(props: { action: string }) {
  return <SignInButton label={`登录后${props.action}`} size="large" block />;
}

/** 今日剩余 N/M 张 */
export function UsageLine(props: { usage: FeatureUsage | undefined; unit: string }) {
  if (!props.usage) return null;
  const left = Math.max(0, props.usage.limit - props.usage.used);
  return (
    <p className="muted studio-quota">
      今日剩余 {left}/{props.usage.limit} {props.unit}
    </p>
  );
}

/**
 * The foot of a studio form: the run button (or the sign-in button when signed out), today's uses
 * left, and the last error with a way to dismiss it.
 */
export function RunControls(props: {
  signedIn: boolean;
  action: string;
  feature: 'cutout' | 'replace';
  button: ReactNode;
  error: string | null;
  onDismissError: () => void;
}) {
  const info = useAccountInfo({ noError: true, enabled: props.signedIn });
  return (
    <>
      {props.signedIn ? props.button : <SignInToUse action={props.action} />}
      <UsageLine usage={info.data?.usage.find((u) => u.feature === props.feature)} unit="张" />
      {props.error ? (
        <Alert type="error" showIcon title={props.error} closable={{ onClose: props.onDismissError }} />
      ) : null}
    </>
  );
}

/** The results panel while work runs: a ring and what is happening. */
export function WorkProgress(props: { percent: number; text: string }) {
  return (
    <div className="studio-progress">
      <Progress type="circle" percent={props.percent} status="active" />
      <p>{props.text}</p>
    </div>
  );
}

/** On a phone the results sit below the form: bring them into view when work starts there. */
export function revealIfBelowFold(element: HTMLElement | null) {
  if (element && element.getBoundingClientRect().top > window.innerHeight * 0.6)
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
