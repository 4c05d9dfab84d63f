import { exportRowsAs, type PersonalData } from '../../app-module.ts';
import { allListings, deleteListingsOf } from './repository.ts';

/** Every listing the seller wrote, with the product facts they entered. */
export const listingPersonalData: PersonalData = {
  tables: [{ table: 'listings', columns: ['user_id'], onDelete: 'deleted' }],
  exportFor: exportRowsAs('listings', allListings, (row) => ({
    marketplace: row.marketplace,
    site: row.site,
    language: row.language,
    facts: row.facts,
    text: row.content,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  })),
  async eraseIn(trx, user) {
    await deleteListingsOf(trx, user.id);
  },
};
