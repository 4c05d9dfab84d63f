import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import * as chat from './repository.ts';

/** Every question and answer, and the conversations they belong to. */
export const chatPersonalData: PersonalData = {
  tables: [
    { table: 'chat_messages', columns: ['user_id'], onDelete: 'deleted' },
    { table: 'chat_conversations', columns: ['user_id'], onDelete: 'deleted' },
  ],
  exportFor: exportRowsAs('chats', chat.allMessages, (m) => ({
    question: m.content,
    answer: m.answer,
    tag: m.tag_title,
    conversation: m.conversation_title,
    createdAt: Number(m.created_at),
  })),
  async eraseIn(trx, user) {
    await chat.deleteAllMessages(trx, user.id);
  },
};
