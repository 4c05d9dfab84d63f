import { Form, Input } from 'antd';

/** The 6-digit code from the operator's authenticator, asked for with every money action. */
export function TotpInput() {
  return (
    <Form.Item
      name="totp"
      label="两步验证码"
      rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入验证器上的 6 位数字' }]}
    >
      <Input inputMode="numeric" maxLength={6} placeholder="6 位动态码" autoComplete="one-time-code" />
    </Form.Item>
  );
}
