import type { PersonalData } from '../../app-module.ts';
import * as accounts from './repository.ts';
import { listSessions } from './service.ts';
import { newInviteCode } from './sign-in.ts';

/** The account row is anonymised (orders that stay point at it); its sign-ins are deleted. */
export const accountPersonalData: PersonalData = {
  tables: [
    { table: 'users', columns: ['phone'], onDelete: 'anonymised' },
    {
      table: 'users',
      columns: ['invited_by'],
      onDelete: { kept: '邀请关系在被邀请人的账号上，对方注销前保留（只是一个账号编号，不含手机号）' },
    },
    { table: 'sessions', columns: ['user_id'], onDelete: 'deleted' },
  ],
  async exportFor(deps, user) {
    const row = await accounts.findUserById(deps.db, user.id);
    return {
      account: {
        phone: user.phone,
        inviteCode: row?.invite_code ?? '',
        createdAt: Number(row?.created_at ?? 0),
      },
      sessions: await listSessions(deps, { userId: user.id, sessionId: user.sessionId }),
    };
  },
  async eraseIn(trx, user, now) {
    await accounts.deleteSessions(trx, user.id);
    await accounts.anonymiseUser(trx, user.id, { inviteCode: await newInviteCode(trx), now });
  },
};
