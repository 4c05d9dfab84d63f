import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { maskPhone } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';

export default function LoginScreen() {
  const [params] = useSearchParams();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  return (
    <AuthCard
      title="登录出海助手"
      lead="密码登录或短信验证码登录"
      footer={
        <>
          <Link to={paths.forgetPwd.getHref()}>忘记密码？</Link>
          <span>
            还没有账号？<Link to={paths.register.getHref()}>免费注册</Link>
          </span>
        </>
      }
    >
      {token && user ? (
        <Alert
          className="auth-card__notice"
          type="info"
          showIcon
          title={
            <>
              当前已登录 {maskPhone(user.username)}，<Link to={paths.profile.getHref()}>进入个人中心</Link>
            </>
          }
        />
      ) : null}
      <LoginForm initialPhone={params.get('phone') ?? undefined} />
    </AuthCard>
  );
}
