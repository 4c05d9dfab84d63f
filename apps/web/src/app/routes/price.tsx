import { PriceScreen } from '../../features/order/components/price-screen';
import { RedeemCard } from '../../features/redeem/components/redeem-card';

export default function PriceRoute() {
  return <PriceScreen redeem={<RedeemCard className="price-redeem" />} />;
}
