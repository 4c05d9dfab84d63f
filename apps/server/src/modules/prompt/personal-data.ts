import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import * as tags from './repository.ts';

/** The seller's own prompt tags. */
export const promptPersonalData: PersonalData = {
  tables: [{ table: 'msg_tags', columns: ['user_id'], onDelete: 'deleted' }],
  exportFor: exportRowsAs('tags', tags.allTags, (t) => ({
    title: t.title,
    prompt: t.prompt,
    updatedAt: Number(t.updated_at),
  })),
  async eraseIn(trx, user) {
    await tags.deleteAllTags(trx, user.id);
  },
};
