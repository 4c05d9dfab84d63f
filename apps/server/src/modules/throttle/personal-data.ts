import type { AppModule } from '../../app-module.ts';

/** Counters about a phone (wrong passwords, codes) and the user's running work: nothing is kept. */
export const throttleModule: AppModule = {
  name: 'throttle',
  personalData: {
    tables: [
      { table: 'throttle_events', columns: ['subject'], onDelete: 'deleted' },
      { table: 'work_slots', columns: ['user_id'], onDelete: 'deleted' },
    ],
    async eraseIn(trx, user) {
      for (const subject of [user.phone, `user:${user.id}`])
        await trx.deleteFrom('throttle_events').where('subject', '=', subject).execute();
      await trx.deleteFrom('work_slots').where('user_id', '=', user.id).execute();
    },
  },
};
