import { useLocation } from 'react-router';
import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';
import { paths } from '../../config/paths';

const POINTS = [
  '输入手机号并获取短信验证码',
  '设置 8 到 64 位、同时包含字母和数字的新密码',
  '修改成功后，其他设备上的登录会自动退出',
] as const;

/** `/changePwd` and `/forgetPwd` are the same screen (spec section 2); only the title differs. */
export default function ChangePasswordScreen() {
  const { pathname } = useLocation();
  const forgot = pathname === paths.forgetPwd.path;
  return (
    <PageFrame
      title={forgot ? paths.forgetPwd.title : paths.changePwd.title}
      lead="通过手机短信验证码设置新密码。"
    >
      <UnderConstruction feature={forgot ? '找回密码' : '修改密码'} points={POINTS} />
    </PageFrame>
  );
}
