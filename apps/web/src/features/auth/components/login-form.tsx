import { LockOutlined } from '@ant-design/icons';
import { SMS_CODE_TYPE } from '@chuhai/contract';
import { Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { AgreementLinks } from '../../../components/ui/agreement-links';
import { useLogin } from '../api/login';
import { phoneRules } from '../form-rules';
import { useSignIn } from '../use-sign-in';
import { useValidPhone } from '../use-valid-phone';
import { AuthForm } from './auth-form';
import { CodeField } from './code-field';
import { PhoneInput } from './phone-input';
import '../auth.css';

type Method = 'password' | 'code';

interface LoginValues {
  phone: string;
  password?: string;
  code?: string;
}

/** Login with phone and password, or phone and SMS code; the phone carries over between tabs. */
export function LoginForm(props: { initialPhone?: string }) {
  const [form] = Form.useForm<LoginValues>();
  const [method, setMethod] = useState<Method>('password');
  const login = useLogin();
  const signIn = useSignIn();
  const validPhone = useValidPhone(form);

  async function onFinish(values: LoginValues) {
    const phone = values.phone.trim();
    const body =
      method === 'password'
        ? { phone, password: values.password ?? '' }
        : { phone, code: (values.code ?? '').trim() };
    try {
      signIn(await login.mutateAsync(body));
    } catch {
      // The API client has shown the message (wrong password, wait time, expired code).
    }
  }

  return (
    <AuthForm form={form} onFinish={onFinish} initialValues={{ phone: props.initialPhone ?? '' }}>
      <Segmented<Method>
        block
        className="login-method"
        value={method}
        onChange={setMethod}
        options={[
          { value: 'password', label: '密码登录' },
          { value: 'code', label: '验证码登录' },
        ]}
      />
      <Form.Item name="phone" label="手机号" rules={phoneRules} validateFirst>
        <PhoneInput />
      </Form.Item>
      {method === 'password' ? (
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <CodeField type={SMS_CODE_TYPE.login} getPhone={validPhone} />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
      {/* Login never creates an account (an unknown phone is told to register), so no checkbox here:
          the seller agreed on registering; this says the terms still apply. */}
      <p className="auth-agreement">
        登录即表示你同意
        <AgreementLinks />
      </p>
    </AuthForm>
  );
}
