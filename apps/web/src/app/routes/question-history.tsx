import { HistoryScreen } from '../../features/chat/components/history-screen';

export default function QuestionHistoryScreen() {
  return <HistoryScreen />;
}
