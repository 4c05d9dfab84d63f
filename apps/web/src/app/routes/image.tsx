import { CutoutScreen } from '../../features/studio/components/cutout-screen';

export default function ImageRoute() {
  return <CutoutScreen />;
}
