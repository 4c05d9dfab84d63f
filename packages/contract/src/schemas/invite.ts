import { type Static, Type } from 'typebox';
import { Page } from './paging.ts';

/** Invitation rewards (PRODUCT.md "Invitations"; spec `/api/v1/inviteActivityHistory`). */

export const INVITE_EVENTS = { register: 'register', firstOrder: 'first-order' } as const;

export const InviteActivity = Type.Object({
  id: Type.Integer(),
  /** The invitee's phone, middle four digits hidden. */
  phone: Type.String(),
  event: Type.Union([Type.Literal('register'), Type.Literal('first-order')]),
  /** What the event was, in words: 好友注册, 好友首次购买. */
  eventName: Type.String(),
  /** VIP days the inviter got; 0 when the monthly cap was reached. */
  rewardDays: Type.Integer(),
  capped: Type.Boolean(),
  createdAt: Type.Number(),
});
export type InviteActivity = Static<typeof InviteActivity>;

export const InviteSummary = Type.Object({
  inviteCode: Type.String(),
  invitedCount: Type.Integer(),
  rewardDaysTotal: Type.Integer(),
  rewardedThisMonth: Type.Integer(),
  monthlyCap: Type.Integer(),
});
export type InviteSummary = Static<typeof InviteSummary>;

export const InviteHistoryPage = Type.Object({ ...Page(InviteActivity).properties, summary: InviteSummary });
export type InviteHistoryPage = Static<typeof InviteHistoryPage>;
