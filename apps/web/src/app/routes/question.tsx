import { ChatScreen } from '../../features/chat/components/chat-screen';

export default function QuestionScreen() {
  return <ChatScreen />;
}
