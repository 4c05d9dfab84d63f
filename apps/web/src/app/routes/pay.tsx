import { PageFrame } from '../../components/ui/page-frame';
import { UnderConstruction } from '../../components/ui/under-construction';

const POINTS = [
  '支付宝或微信扫码支付，页面显示金额与倒计时',
  '支付成功后自动刷新会员到期时间',
  '订单 15 分钟未支付自动关闭',
] as const;

export default function PayScreen() {
  return (
    <PageFrame title="支付" lead="扫码完成支付，会员立即生效。">
      <UnderConstruction feature="在线支付" points={POINTS} />
    </PageFrame>
  );
}
