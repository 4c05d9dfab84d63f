import type { PersonalData } from '../../app-module.ts';
import * as invites from './repository.ts';

/** Rewards between two accounts: the other person's history keeps them (this account is anonymised). */
export const invitePersonalData: PersonalData = {
  tables: [
    {
      table: 'invite_events',
      columns: ['inviter_id', 'invitee_id'],
      onDelete: { kept: '也是对方的奖励记录；只有账号编号和天数，本人账号已匿名' },
    },
  ],
  async exportFor(deps, user) {
    const totals = await invites.totals(deps.db, user.id);
    return { invitations: { invitedCount: totals.invited, rewardDaysTotal: totals.days } };
  },
};
