import type { PersonalData } from '../../app-module.ts';
import { deleteGlossaryOf, glossaryRows } from './repository.ts';

/**
 * 图片翻译 keeps the seller's 术语表 (brand names, their own wording). The images it makes are
 * stored images, declared by the images module.
 */
export const translatePersonalData: PersonalData = {
  tables: [{ table: 'translate_glossary', columns: ['user_id'], onDelete: 'deleted' }],
  async exportFor(deps, user) {
    const rows = await glossaryRows(deps.db, user.id);
    return {
      translateGlossary: rows.map((row) => ({
        source: row.source,
        target: row.target,
        translation: row.translation,
        updatedAt: Number(row.updated_at),
      })),
    };
  },
  async eraseIn(trx, user) {
    await deleteGlossaryOf(trx, user.id);
    return [];
  },
};
