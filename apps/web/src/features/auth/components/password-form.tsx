import { LockOutlined } from '@ant-design/icons';
import { SMS_CODE_TYPE } from '@chuhai/contract';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useEditPassword } from '../api/edit-password';
import { confirmRules, PASSWORD_HINT, passwordRules, phoneRules } from '../form-rules';
import { useValidPhone } from '../use-valid-phone';
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
        navigate(`${paths.login.getHref()}?phone=${phone}`, { replace: true });
      }
    } catch {
      // The API client has shown the message.
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={onFinish}
      requiredMark={false}
      initialValues={{ phone: props.signedInPhone ?? '' }}
    >
      <Form.Item name="phone" label="手机号" rules={phoneRules}>
        <PhoneInput disabled={props.signedInPhone !== null} />
      </Form.Item>
      <CodeField type={SMS_CODE_TYPE.resetPassword} getPhone={validPhone} />
      <Form.Item name="password" label="新密码" rules={passwordRules} extra={PASSWORD_HINT}>
        <Input.Password prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['password']}
        rules={confirmRules('password')}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={edit.isPending}>
        {props.signedInPhone ? '修改密码' : '重设密码'}
      </Button>
    </Form>
  );
}
