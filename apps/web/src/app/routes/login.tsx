import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '使用手机号 + 密码登录',
  '使用手机号 + 短信验证码登录，验证码 60 秒可重发',
  '忘记密码时通过短信验证码重设',
] as const;

export default function LoginScreen() {
  return (
    <PageFrame title="登录" lead="用手机号登录出海助手，密码登录或短信验证码登录。">
      <UnderConstruction feature="手机号登录" points={POINTS} />
    </PageFrame>
  );
}
