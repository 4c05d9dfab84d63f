import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '手机号 + 短信验证码 + 密码注册',
  '通过好友邀请链接注册，自动填入邀请码并获得 1 天 VIP',
  '注册即同意《隐私政策》',
] as const;

export default function RegisterScreen() {
  return (
    <PageFrame title="注册" lead="用手机号注册，领取每天的免费 AI 额度。">
      <UnderConstruction feature="手机号注册" points={POINTS} />
    </PageFrame>
  );
}
