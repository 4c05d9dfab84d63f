import { LoadingOutlined } from '@ant-design/icons';
import type { FeatureUsage } from '@chuhai/contract';
import { Alert, Progress, Steps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
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
  feature: 'cutout' | 'replace' | 'translate';
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
  const uploaded = props.percent >= 100;
  // Once the upload is done the server's work has no percentage to show: a ring standing at
  // 「100%」 while the work goes on reads as stuck. A spinner and the seconds so far instead.
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!uploaded) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [uploaded]);
  return (
    <div className="studio-progress" role="status" aria-live="polite">
      {uploaded ? (
        <LoadingOutlined className="studio-progress__spinner" aria-hidden />
      ) : (
        <Progress type="circle" percent={props.percent} status="active" />
      )}
      <p>
        {props.text}
        {uploaded && seconds > 0 ? <span className="muted">（已用 {seconds} 秒）</span> : null}
      </p>
    </div>
  );
}

/**
 * A result the address names (最近作品's 继续编辑, a reload) while it opens, or why it could not be
 * opened: the warning stays until dismissed but gives way to new work.
 */
export function OpeningNotice(props: {
  /** What is being opened: 「正在打开这张{what}…」. */
  what: string;
  /** The screen's useOpenedInAddress (or useWorkInAddress): whether it is opening, and why it could not. */
  address: { opening: boolean; openError: string | null; dismissOpenError: () => void };
  busy: boolean;
}) {
  const { address } = props;
  return (
    <>
      {address.opening ? <div className="studio-empty muted">正在打开这张{props.what}…</div> : null}
      {address.openError && !props.busy ? (
        <Alert
          type="warning"
          showIcon
          title={address.openError}
          closable={{ onClose: address.dismissOpenError }}
          className="studio-open-error"
        />
      ) : null}
    </>
  );
}

/** On a phone the results sit below the form: bring them into view when work starts there. */
export function revealIfBelowFold(element: HTMLElement | null) {
  if (element && element.getBoundingClientRect().top > window.innerHeight * 0.6)
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export interface StageStep {
  title: string;
  /** What is happening in this step while it is the current one. */
  doing: string;
}

/**
 * Work in steps the server reports as they start (上传 → 抠图 → 生成主图 → 检查): each finished one
 * ticked, the current one spinning with what it is doing, and the seconds so far.
 */
export function StageProgress(props: { steps: StageStep[]; current: number; detail?: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const step = props.steps[props.current];
  return (
    <div className="studio-progress" role="status" aria-live="polite">
      <Steps
        size="small"
        current={props.current}
        items={props.steps.map((s, i) => ({
          title: s.title,
          icon: i === props.current ? <LoadingOutlined /> : undefined,
        }))}
      />
      <p>
        {step?.doing}
        {props.detail ? ` ${props.detail}` : ''}
        {seconds > 0 ? <span className="muted">（已用 {seconds} 秒）</span> : null}
      </p>
    </div>
  );
}
