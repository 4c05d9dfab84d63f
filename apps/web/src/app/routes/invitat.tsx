import { InviteScreen } from '../../features/invite/components/invite-screen';

export default function InvitatScreen() {
  return <InviteScreen />;
}
