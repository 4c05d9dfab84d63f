import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '查看账号与 VIP 到期时间',
  '查看今日各功能已用次数与上限',
  '修改密码、查看订单、退出登录',
] as const;

export default function ProfileScreen() {
  return (
    <PageFrame title="个人中心" lead="账号、会员和今日用量一目了然。">
      <UnderConstruction feature="个人中心" points={POINTS} />
    </PageFrame>
  );
}
