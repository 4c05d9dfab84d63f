import { DrawScreen } from '../../features/draw/components/draw-screen';

export default function DrawRoute() {
  return <DrawScreen />;
}
