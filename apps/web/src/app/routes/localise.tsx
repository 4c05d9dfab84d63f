import { LocaliseScreen } from '../../features/localise/components/localise-screen';

export default function LocaliseRoute() {
  return <LocaliseScreen />;
}
