import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '复制专属邀请链接或分享二维码',
  '好友注册你得 3 天 VIP，好友首次购买你再得 7 天',
  '查看邀请记录与累计奖励',
] as const;

export default function InvitatScreen() {
  return (
    <PageFrame title="邀请有礼" lead="邀请卖家朋友注册，双方都得 VIP 天数。">
      <UnderConstruction feature="邀请有礼" points={POINTS} />
    </PageFrame>
  );
}
