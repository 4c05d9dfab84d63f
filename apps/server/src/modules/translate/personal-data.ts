import type { PersonalData } from '../../app-module.ts';
import type { TranslationDocument } from './documents.ts';
import { deleteGlossaryOf, deleteTranslationsOf, glossaryRows, translationRows } from './repository.ts';

/**
 * 图片翻译 keeps the seller's 术语表 (brand names, their own wording) and each translation's
 * document for 继续编辑 (the text as last drawn). The images it makes are stored images, declared
 * by the images module.
 */
export const translatePersonalData: PersonalData = {
  tables: [
    { table: 'translate_glossary', columns: ['user_id'], onDelete: 'deleted' },
    { table: 'translations', columns: ['user_id'], onDelete: 'deleted' },
  ],
  async exportFor(deps, user) {
    const rows = await glossaryRows(deps.db, user.id);
    const documents = await translationRows(deps.db, user.id);
    return {
      translateGlossary: rows.map((row) => ({
        source: row.source,
        target: row.target,
        translation: row.translation,
        updatedAt: Number(row.updated_at),
      })),
      translations: documents.map((row) => {
        const document = JSON.parse(row.document) as TranslationDocument;
        return {
          target: document.target,
          fileName: document.fileName ?? null,
          blocks: document.blocks.map((block) => ({ source: block.source, text: block.text })),
          createdAt: Number(row.created_at),
          updatedAt: Number(row.updated_at),
        };
      }),
    };
  },
  async eraseIn(trx, user) {
    await deleteGlossaryOf(trx, user.id);
    await deleteTranslationsOf(trx, user.id);
    return [];
  },
};
