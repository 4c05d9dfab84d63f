import { SafetyOutlined } from '@ant-design/icons';
import type { SmsCodeType } from '@chuhai/contract';
import { Form, Input, Space } from 'antd';
import { SendCodeButton } from '../../../entities/sms-code/send-code-button';
import { smsCodeRules } from '../form-rules';

/** The SMS code input with its send button; errors of the code show under the pair. */
export function CodeField(props: { type: SmsCodeType; getPhone: () => Promise<string | null> }) {
  return (
    <Form.Item label="短信验证码" required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={smsCodeRules}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="6 位验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-label="短信验证码"
          />
        </Form.Item>
        <SendCodeButton type={props.type} getPhone={props.getPhone} />
      </Space.Compact>
    </Form.Item>
  );
}
