import { App, Button, Card, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useStaffMe } from '../api/get-staff-me';
import { useTotpConfirm } from '../api/totp-confirm';
import { useTotpSetup } from '../api/totp-setup';
import { TotpCodeField } from './totp-code-field';

const SIX_DIGITS = { required: true, pattern: /^\d{6}$/, message: '6 位数字' };

/**
 * 两步验证: bind an authenticator by scanning the QR code, then confirm with one code. Replacing a
 * bound one starts with a code from it (the server refuses otherwise), so a stolen session alone
 * cannot swap in another authenticator.
 */
export function SecuritySection() {
  const me = useStaffMe();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const { message } = App.useApp();
  const bound = me.data?.totpBound ?? false;
  const [currentCode, setCurrentCode] = useState('');

  return (
    <Card title="两步验证">
      <p className="muted">
        {bound
          ? '已绑定验证器。重新绑定要先输入当前验证器上的 6 位数字，旧的验证器随之失效；验证器丢失时，请另一位管理员在「用户」里为你重置。'
          : '还没有绑定验证器。'}
        用微信小程序「腾讯身份验证器」、Google Authenticator 或 1Password 扫描二维码。
      </p>
      <div className="admin-card__save">
        {bound ? (
          <TotpCodeField
            value={currentCode}
            onChange={setCurrentCode}
            label="当前验证码"
            placeholder="当前验证器的 6 位数字"
          />
        ) : null}
        <Button
          onClick={() =>
            setup.mutate(bound ? currentCode : undefined, { onSuccess: () => setCurrentCode('') })
          }
          loading={setup.isPending}
          disabled={bound && !/^\d{6}$/.test(currentCode)}
        >
          {bound ? '重新绑定' : '开始绑定'}
        </Button>
      </div>
      {setup.data ? (
        <div className="admin-totp">
          <QRCode value={setup.data.otpauthUri} size={180} />
          <div>
            <Typography.Paragraph copyable={{ text: setup.data.secret }}>
              手动输入密钥：<code>{setup.data.secret}</code>
            </Typography.Paragraph>
            <Form
              layout="inline"
              onFinish={async ({ code }: { code: string }) => {
                await confirm.mutateAsync(code);
                setup.reset();
                message.success('两步验证已绑定');
              }}
            >
              <Form.Item name="code" rules={[SIX_DIGITS]}>
                <Input
                  placeholder="新验证器上的 6 位数字"
                  maxLength={6}
                  inputMode="numeric"
                  aria-label="验证码"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                确认绑定
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
