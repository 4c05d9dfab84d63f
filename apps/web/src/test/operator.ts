import type { AdminUserDetail, AdminUserRow } from '@chuhai/contract';
import { type FakeCall, fakeApi, ok } from './render';
import { SELLER_PHONE, signInSeller } from './seller';

type Routes = Parameters<typeof fakeApi>[0];

/**
 * An admin signed into the console (the tests' account, session `tok-1`, two-factor bound) whose API
 * answers `routes`; a route for /api/admin/me in `routes` replaces who the console says is there.
 * The calls made. `signOut` (test/seller.ts) undoes it.
 */
export function signInOperator(routes: Routes): FakeCall[] {
  signInSeller();
  return fakeApi({
    '/api/admin/me': () => ok({ userId: 9, phone: SELLER_PHONE, role: 'admin', totpBound: true }),
    ...routes,
  });
}

/** A seller as 用户's drawer reads them: `user` with no VIP, use, orders, invitations or sessions. */
export const emptyUserDetail = (user: AdminUserRow): AdminUserDetail => ({
  user,
  vip: [],
  usage: [],
  orders: [],
  invitedCount: 0,
  monthCost: 0,
  invitations: [],
  ledger: [],
  sessions: [],
});
