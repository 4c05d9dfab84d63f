import { BatchScreen } from '../../features/batch/components/batch-screen';

export default function BatchRoute() {
  return <BatchScreen />;
}
