import { MobileOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';

/** An 11-digit mainland phone number, with the numeric keypad on phones. */
export function PhoneInput(props: InputProps) {
  return (
    <Input
      prefix={<MobileOutlined />}
      placeholder="手机号"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      allowClear
      {...props}
    />
  );
}
