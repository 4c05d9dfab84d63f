import { LockOutlined } from '@ant-design/icons';
import { ConfigProvider, Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import { confirmRules, PASSWORD_HINT, passwordRules } from '../form-rules';

/**
 * Tighter than antd's default (24 px between fields, 8 px under a label): the register form's six
 * fields then fit a 1440×900 window with 注册 above the fold.
 */
const COMPACT_FORM = { components: { Form: { itemMarginBottom: 16, verticalLabelPadding: '0 0 4px' } } };

/** The form every auth screen uses: labels above, large fields, no required marks. */
export function AuthForm<Values>(props: {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  initialValues: Partial<Values>;
  children: ReactNode;
}) {
  return (
    <ConfigProvider theme={COMPACT_FORM}>
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
    </ConfigProvider>
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
