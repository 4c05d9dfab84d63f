import { PriceScreen } from '../../features/order/components/price-screen';

export default function PriceRoute() {
  return <PriceScreen />;
}
