import { SMS_CODE_TYPE } from '@chuhai/contract';
import { App, Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useEditPassword } from '../api/edit-password';
import { phoneRules } from '../form-rules';
import { useValidPhone } from '../use-valid-phone';
import { AuthForm, NewPasswordFields } from './auth-form';
import { CodeField } from './code-field';
import { PhoneInput } from './phone-input';

interface PasswordValues {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/**
 * `/changePwd` and `/forgetPwd`: phone, SMS code, new password twice. Signed in, the phone is the
 * account's and stays fixed, and the user stays signed in here (other devices are signed out).
 * Signed out, the user goes to log in with the new password.
 */
export function PasswordForm(props: { signedInPhone: string | null }) {
  const [form] = Form.useForm<PasswordValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const edit = useEditPassword();
  const validPhone = useValidPhone(form);

  async function onFinish(values: PasswordValues) {
    const phone = values.phone.trim();
    try {
      const result = await edit.mutateAsync({
        phone,
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      if (props.signedInPhone === phone) {
        const others = result.revokedSessions > 0 ? `，其他 ${result.revokedSessions} 处登录已退出` : '';
        message.success(`密码已修改${others}`);
        navigate(paths.profile.getHref());
      } else {
        message.success('密码已重设，请用新密码登录');
        navigate(paths.login.getHref({ phone }), { replace: true });
      }
    } catch {
      // The API client has shown the message.
    }
  }

  return (
    <AuthForm form={form} onFinish={onFinish} initialValues={{ phone: props.signedInPhone ?? '' }}>
      <Form.Item name="phone" label="手机号" rules={phoneRules}>
        <PhoneInput disabled={props.signedInPhone !== null} />
      </Form.Item>
      <CodeField type={SMS_CODE_TYPE.resetPassword} getPhone={validPhone} />
      <NewPasswordFields label="新密码" confirmLabel="确认新密码" confirmPlaceholder="再次输入新密码" />
      <Button type="primary" htmlType="submit" block loading={edit.isPending}>
        {props.signedInPhone ? '修改密码' : '重设密码'}
      </Button>
    </AuthForm>
  );
}
