import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { PasswordForm } from '../../features/auth/components/password-form';
import { useAuthStore } from '../../stores/auth-store';

/**
 * `/changePwd` and `/forgetPwd` are the same screen (spec section 2). Signed in, it changes the
 * account's password; signed out, it resets a forgotten one.
 */
export default function ChangePasswordScreen() {
  const { pathname } = useLocation();
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const signedInPhone = token && user ? user.username : null;
  const forgot = pathname === paths.forgetPwd.path;
  return (
    <AuthCard
      title={forgot ? paths.forgetPwd.title : paths.changePwd.title}
      lead={
        signedInPhone
          ? '验证手机后设置新密码，其他设备上的登录会自动退出'
          : '通过短信验证码重设密码，完成后请用新密码登录'
      }
      footer={
        signedInPhone ? (
          <Link to={paths.profile.getHref()}>返回个人中心</Link>
        ) : (
          <span>
            想起密码了？<Link to={paths.login.getHref()}>返回登录</Link>
          </span>
        )
      }
    >
      <PasswordForm signedInPhone={signedInPhone} />
    </AuthCard>
  );
}
