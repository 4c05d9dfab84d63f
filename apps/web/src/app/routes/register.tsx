import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';

export default function RegisterScreen() {
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? undefined;
  return (
    <AuthCard
      title="注册出海助手"
      lead={
        invite
          ? '好友邀请你加入出海助手，邀请码已自动填好'
          : '用手机号注册，每天免费使用 AI 问答、AI 绘画和智能做图'
      }
      footer={
        <span>
          已有账号？<Link to={paths.login.getHref()}>直接登录</Link>
        </span>
      }
    >
      <RegisterForm inviteCode={invite} />
    </AuthCard>
  );
}
