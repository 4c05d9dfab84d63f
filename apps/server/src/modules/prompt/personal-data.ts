import type { PersonalData } from '../../app-module.ts';
import * as tags from './repository.ts';

/** The seller's own prompt tags. */
export const promptPersonalData: PersonalData = {
  tables: [{ table: 'msg_tags', columns: ['user_id'], onDelete: 'deleted' }],
  async exportFor(deps, user) {
    const rows = await tags.allTags(deps.db, user.id);
    return { tags: rows.map((t) => ({ title: t.title, prompt: t.prompt, updatedAt: Number(t.updated_at) })) };
  },
  async eraseIn(trx, user) {
    await tags.deleteAllTags(trx, user.id);
  },
};
