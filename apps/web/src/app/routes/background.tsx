import { BackgroundScreen } from '../../features/studio/components/background-screen';

export default function BackgroundRoute() {
  return <BackgroundScreen />;
}
