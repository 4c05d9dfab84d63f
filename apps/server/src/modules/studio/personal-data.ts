import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import { deleteWorksOf, workRows } from './repository.ts';

/**
 * 抠图 and 换背景 keep each work's document for 继续编辑 (the 主图尺寸, the background and its
 * placement, the checks). The pictures are stored images, declared by the images module.
 */
export const studioPersonalData: PersonalData = {
  tables: [{ table: 'studio_works', columns: ['user_id'], onDelete: 'deleted' }],
  exportFor: exportRowsAs('studioWorks', workRows, (row) => {
    const { name, ...settings } = row.document;
    return {
      tool: row.tool,
      name,
      settings,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }),
  async eraseIn(trx, user) {
    await deleteWorksOf(trx, user.id);
    return [];
  },
};
