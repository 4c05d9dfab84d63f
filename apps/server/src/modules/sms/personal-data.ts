import type { PersonalData } from '../../app-module.ts';
import { deleteCodesFor } from './repository.ts';

/** Codes sent to the number: forgotten. */
export const smsPersonalData: PersonalData = {
  tables: [{ table: 'sms_codes', columns: ['phone'], onDelete: 'deleted' }],
  async eraseIn(trx, user) {
    await deleteCodesFor(trx, user.phone);
  },
};
