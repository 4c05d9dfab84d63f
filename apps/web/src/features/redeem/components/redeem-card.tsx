import { GiftOutlined } from '@ant-design/icons';
import { formatDate } from '@chuhai/contract';
import { App, Button, Card, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useRedeemCode } from '../api/redeem-code';
import '../redeem.css';

/** 兑换码: a code from a promotion or a partner becomes VIP days at once. */
export function RedeemCard({ className }: { className?: string }) {
  const signedIn = useAuthStore((s) => s.token !== null);
  const redeem = useRedeemCode();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const error =
    redeem.error instanceof ApiError ? redeem.error.message : redeem.error ? '兑换失败，请稍后再试' : null;

  // Set at the click itself: the second click of a double click can come before `loading` renders.
  // The code is the action's own key, so a repeat that still gets through adds nothing.
  const sending = useRef(false);
  const submit = () => {
    if (!code.trim() || sending.current) return;
    sending.current = true;
    redeem.mutate(code, {
      onSuccess: (result) => {
        setCode('');
        if (result.repeat)
          void message.info(
            `这个兑换码你已兑换过（${result.days} 天 VIP），没有重复计入；VIP 有效期至 ${formatDate(result.vipEndAt)}`,
          );
        else
          void message.success(
            `兑换成功：获得 ${result.days} 天 VIP，有效期至 ${formatDate(result.vipEndAt)}`,
          );
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Card
      title={
        <>
          <GiftOutlined /> 兑换码
        </>
      }
      className={['redeem-card', className].filter(Boolean).join(' ')}
    >
      {signedIn ? (
        <Form layout="vertical" onFinish={submit} className="redeem-card__form">
          <Form.Item
            label="输入兑换码"
            validateStatus={error ? 'error' : undefined}
            help={error ?? '16 位字母和数字，可带或不带短横线'}
          >
            <Input
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (redeem.isError) redeem.reset();
              }}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              maxLength={40}
              autoComplete="off"
              aria-label="兑换码"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={redeem.isPending} disabled={!code.trim()}>
            兑换
          </Button>
        </Form>
      ) : (
        <div className="redeem-card__signed-out">
          <span className="muted">有兑换码？登录后即可兑换 VIP。</span>
          <SignInButton label="登录后兑换" />
        </div>
      )}
    </Card>
  );
}
