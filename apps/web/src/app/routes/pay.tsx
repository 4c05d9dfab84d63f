import { PayScreen } from '../../features/order/components/pay-screen';

export default function PayRoute() {
  return <PayScreen />;
}
