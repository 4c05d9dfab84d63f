import { TranslateScreen } from '../../features/studio/components/translate-screen';

export default function TranslateRoute() {
  return <TranslateScreen />;
}
