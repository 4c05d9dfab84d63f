import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '对比月度、季度、年度套餐与权益',
  '查看免费与 VIP 每日额度对比',
  '选择套餐后扫码支付，立即生效',
] as const;

export default function PriceScreen() {
  return (
    <PageFrame title="购买 VIP" lead="选择适合你店铺节奏的会员套餐。">
      <UnderConstruction feature="VIP 购买" points={POINTS} />
    </PageFrame>
  );
}
