import { GiftOutlined } from '@ant-design/icons';
import { normaliseInviteCode, SMS_CODE_TYPE } from '@chuhai/contract';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useEffect } from 'react';
import { AgreementLinks } from '../../../components/ui/agreement-links';
import { useRegister } from '../api/register';
import { phoneRules } from '../form-rules';
import { useSignIn } from '../use-sign-in';
import { useValidPhone } from '../use-valid-phone';
import { AuthForm, NewPasswordFields } from './auth-form';
import { CodeField } from './code-field';
import { PhoneInput } from './phone-input';

interface RegisterValues {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
  agreed: boolean;
}

/** Phone, SMS code, password twice, optional invite code (prefilled from the link), agreement. */
export function RegisterForm(props: { inviteCode?: string }) {
  const [form] = Form.useForm<RegisterValues>();
  const { message } = App.useApp();
  const registration = useRegister();
  const signIn = useSignIn();
  const validPhone = useValidPhone(form);

  // The link's code is more than a first value: following another invitation link while the form is
  // open (the route stays mounted) brings that code. Only this field changes; a link without a code
  // leaves whatever the seller typed.
  useEffect(() => {
    if (props.inviteCode) form.setFieldValue('inviteCode', props.inviteCode);
  }, [form, props.inviteCode]);

  async function onFinish(values: RegisterValues) {
    try {
      const result = await registration.mutateAsync({
        phone: values.phone.trim(),
        code: values.code.trim(),
        password: values.password,
        ...(values.inviteCode?.trim() ? { inviteCode: normaliseInviteCode(values.inviteCode) } : {}),
      });
      message.success('注册成功，欢迎使用出海助手');
      signIn(result);
    } catch {
      // The API client has shown the message.
    }
  }

  return (
    <AuthForm
      form={form}
      onFinish={onFinish}
      initialValues={{ inviteCode: props.inviteCode ?? '', agreed: false }}
    >
      <Form.Item name="phone" label="手机号" rules={phoneRules}>
        <PhoneInput />
      </Form.Item>
      <CodeField type={SMS_CODE_TYPE.register} getPhone={validPhone} />
      <NewPasswordFields label="设置密码" confirmLabel="确认密码" confirmPlaceholder="再次输入密码" />
      <Form.Item name="inviteCode" label="邀请码（选填）">
        <Input prefix={<GiftOutlined />} placeholder="好友的 8 位邀请码" maxLength={8} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value: boolean) =>
              value ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户协议和隐私政策')),
          },
        ]}
      >
        <Checkbox>
          我已阅读并同意
          <AgreementLinks />
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={registration.isPending}>
        注册
      </Button>
    </AuthForm>
  );
}
