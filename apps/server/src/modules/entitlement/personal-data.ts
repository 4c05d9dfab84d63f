import type { AppModule } from '../../app-module.ts';
import { currentVip } from './service.ts';

/** VIP periods follow the orders that bought them; the daily use counts go with the account. */
export const entitlementModule: AppModule = {
  name: 'entitlement',
  personalData: {
    tables: [
      {
        table: 'consumer_levels',
        columns: ['user_id'],
        onDelete: { kept: 'VIP 期限与订单和兑换记录对应，随订单一起保留（账号已匿名）' },
      },
      { table: 'usage_ledger', columns: ['user_id'], onDelete: 'deleted' },
    ],
    async exportFor(deps, user) {
      return { vip: await currentVip(deps.db, user.id, deps.clock.now()) };
    },
    async eraseIn(trx, user) {
      await trx.deleteFrom('usage_ledger').where('user_id', '=', user.id).execute();
    },
  },
};
