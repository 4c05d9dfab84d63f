import { App, Button, Card, Form, Input, QRCode, Typography } from 'antd';
import { useStaffMe, useTotpConfirm, useTotpSetup } from '../api/admin';

/** 两步验证: bind an authenticator by scanning the QR code, then confirm with one code. */
export function SecuritySection() {
  const me = useStaffMe();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const { message } = App.useApp();

  return (
    <Card title="两步验证">
      <p className="muted">
        {me.data?.totpBound ? '已绑定验证器。重新绑定会让旧的验证器失效。' : '还没有绑定验证器。'}
        用微信小程序「腾讯身份验证器」、Google Authenticator 或 1Password 扫描二维码。
      </p>
      <Button onClick={() => setup.mutate(undefined)} loading={setup.isPending}>
        {me.data?.totpBound ? '重新绑定' : '开始绑定'}
      </Button>
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
              <Form.Item name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: '6 位数字' }]}>
                <Input
                  placeholder="验证器上的 6 位数字"
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
