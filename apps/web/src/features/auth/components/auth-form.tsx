import { LockOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import { confirmRules, PASSWORD_HINT, passwordRules } from '../form-rules';

/** The form every auth screen uses: labels above, large fields, no required marks. */
export function AuthForm<Values>(props: {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  initialValues: Partial<Values>;
  children: ReactNode;
}) {
  return (
    <Form
      form={props.form}
      layout="vertical"
      size="large"
      onFinish={props.onFinish}
      requiredMark={false}
      initialValues={props.initialValues}
    >
      {props.children}
    </Form>
  );
}

/** A new password and its confirmation (register, change or reset the password). */
export function NewPasswordFields(props: {
  label: string;
  confirmLabel: string;
  confirmPlaceholder: string;
}) {
  return (
    <>
      <Form.Item name="password" label={props.label} rules={passwordRules} extra={PASSWORD_HINT}>
        <Input.Password prefix={<LockOutlined />} placeholder={props.label} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={props.confirmLabel}
        dependencies={['password']}
        rules={confirmRules('password')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={props.confirmPlaceholder}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
