import { SMS_LIMITS, type SmsCodeType } from '@chuhai/contract';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useCodeCountdownStore } from './code-countdown-store';
import { sendCode } from './send-code';

function secondsLeft(readyAt: number | undefined): number {
  return readyAt ? Math.max(0, Math.ceil((readyAt - Date.now()) / 1000)) : 0;
}

/**
 * 获取验证码: checks the phone first (through `getPhone`, which validates the form field), sends
 * the code, then counts down 60 s. A 429 from the server counts down its `retryAfter` instead.
 */
export function SendCodeButton(props: { type: SmsCodeType; getPhone: () => Promise<string | null> }) {
  const { message } = App.useApp();
  const [phone, setPhone] = useState<string | null>(null);
  const key = `${props.type}:${phone ?? ''}`;
  const readyAt = useCodeCountdownStore((s) => s.readyAt[key]);
  const start = useCodeCountdownStore((s) => s.start);
  const [left, setLeft] = useState(() => secondsLeft(readyAt));
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setLeft(secondsLeft(readyAt));
    if (!readyAt) return;
    const timer = window.setInterval(() => {
      const next = secondsLeft(readyAt);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [readyAt]);

  async function onClick() {
    const target = await props.getPhone();
    if (!target) return;
    setPhone(target);
    const targetKey = `${props.type}:${target}`;
    if (secondsLeft(useCodeCountdownStore.getState().readyAt[targetKey]) > 0) return;
    setSending(true);
    try {
      const result = await sendCode(target, props.type);
      start(targetKey, result.resendAfter);
      message.success('验证码已发送，请查收短信');
    } catch (error) {
      const retryAfter = (error as ApiError).data as { retryAfter?: number } | null;
      if (
        error instanceof ApiError &&
        typeof retryAfter?.retryAfter === 'number' &&
        retryAfter.retryAfter > 0
      ) {
        start(targetKey, Math.min(retryAfter.retryAfter, SMS_LIMITS.resendAfterMs / 1000));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    // No spinner once the countdown shows: for a render both were there, and the icon widened the button.
    <Button
      onClick={onClick}
      loading={sending && left === 0}
      disabled={left > 0}
      className="send-code-button"
    >
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
