import type { PersonalData } from '../../app-module.ts';

/** Every listing the seller wrote, with the product facts they entered. */
export const listingPersonalData: PersonalData = {
  tables: [{ table: 'listings', columns: ['user_id'], onDelete: 'deleted' }],
  async exportFor(deps, user) {
    const rows = await deps.db
      .selectFrom('listings')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    return {
      listings: rows.map((row) => ({
        marketplace: row.marketplace,
        site: row.site,
        language: row.language,
        facts: JSON.parse(row.facts),
        text: JSON.parse(row.content),
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      })),
    };
  },
  async eraseIn(trx, user) {
    await trx.deleteFrom('listings').where('user_id', '=', user.id).execute();
  },
};
