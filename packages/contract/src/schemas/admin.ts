import { type Static, Type } from 'typebox';
import { ConsumerLevelItem, LoginDevice } from './account.ts';
import { OrderView } from './order.ts';
import { Page, PageQuery } from './paging.ts';

/** The operator console (`/api/admin/*`): 客服 (`support`) reads, `admin` also changes things. */
export const StaffRole = Type.Union([Type.Literal('support'), Type.Literal('admin')]);
export const UserRole = Type.Union([Type.Literal('user'), Type.Literal('support'), Type.Literal('admin')]);
export type UserRole = Static<typeof UserRole>;

export const StaffMe = Type.Object({
  userId: Type.Integer(),
  phone: Type.String(),
  role: StaffRole,
  /** Money actions need a bound authenticator. */
  totpBound: Type.Boolean(),
});
export type StaffMe = Static<typeof StaffMe>;

export const TotpSetup = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export type TotpSetup = Static<typeof TotpSetup>;

/** A fresh 6-digit code from the operator's authenticator, sent with every money action. */
export const TotpCode = Type.String({ pattern: '^\\d{6}$' });

export const AdminUserRow = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  inviteCode: Type.String(),
  role: UserRole,
  disabled: Type.Boolean(),
  createdAt: Type.Number(),
  /** When the account's VIP ends (the last grant still in force); null: not VIP now. */
  vipEndAt: Type.Union([Type.Null(), Type.Number()]),
});
export type AdminUserRow = Static<typeof AdminUserRow>;
export const AdminUserPage = Page(AdminUserRow);
export type AdminUserPage = Static<typeof AdminUserPage>;
export const AdminUserQuery = PageQuery('adminUsers', {
  keyword: Type.Optional(Type.String({ maxLength: 20 })),
});

export const AdminUserDetail = Type.Object({
  user: AdminUserRow,
  vip: Type.Array(ConsumerLevelItem),
  usage: Type.Array(
    Type.Object({ feature: Type.String(), name: Type.String(), used: Type.Integer(), limit: Type.Integer() }),
  ),
  orders: Type.Array(OrderView),
  invitedCount: Type.Integer(),
  /** What this seller's AI calls cost us this China month, in yuan (the cost ledger). */
  monthCost: Type.Number(),
  /** The latest 20 invitation events (friend registered, friend's first order). */
  invitations: Type.Array(
    Type.Object({
      phone: Type.String(),
      eventName: Type.String(),
      rewardDays: Type.Integer(),
      createdAt: Type.Number(),
    }),
  ),
  /** The latest 50 usage-ledger entries: +1 a use, −1 a use given back after a provider failure. */
  ledger: Type.Array(
    Type.Object({
      feature: Type.String(),
      day: Type.String(),
      delta: Type.Integer(),
      createdAt: Type.Number(),
    }),
  ),
  sessions: Type.Array(LoginDevice),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

/** Grant (positive) or take back (negative) VIP days, with the reason kept in the ledger. */
export const VipAdjustBody = Type.Object({
  days: Type.Integer({ minimum: -3660, maximum: 3660 }),
  reason: Type.String({ minLength: 2, maxLength: 200 }),
  totp: TotpCode,
});
export type VipAdjustBody = Static<typeof VipAdjustBody>;

export const DisableBody = Type.Object({
  disabled: Type.Boolean(),
  reason: Type.String({ minLength: 2, maxLength: 200 }),
});
export type DisableBody = Static<typeof DisableBody>;

export const RoleBody = Type.Object({ role: UserRole, totp: TotpCode });
export type RoleBody = Static<typeof RoleBody>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  actorPhone: Type.String(),
  action: Type.String(),
  target: Type.String(),
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
  ip: Type.String(),
  createdAt: Type.Number(),
});
export type AuditRow = Static<typeof AuditRow>;
export const AuditPage = Page(AuditRow);
export type AuditPage = Static<typeof AuditPage>;
export const AuditQuery = PageQuery('audit', {
  action: Type.Optional(Type.String({ maxLength: 40 })),
  target: Type.Optional(Type.String({ maxLength: 80 })),
});

export const AdminOrderRow = Type.Object({
  ...OrderView.properties,
  phone: Type.String(),
  /** Fen refunded so far. */
  refundedAmount: Type.Integer(),
});
export type AdminOrderRow = Static<typeof AdminOrderRow>;
export const AdminOrderPage = Page(AdminOrderRow);
export type AdminOrderPage = Static<typeof AdminOrderPage>;
export const AdminOrderQuery = PageQuery('adminOrders', {
  status: Type.Optional(Type.String({ maxLength: 16 })),
  channel: Type.Optional(Type.String({ maxLength: 16 })),
  /** Epoch ms, inclusive. */
  from: Type.Optional(Type.Number()),
  /** Epoch ms, exclusive. */
  to: Type.Optional(Type.Number()),
  phone: Type.Optional(Type.String({ maxLength: 11 })),
});

export const AdminOrderDetail = Type.Object({
  order: AdminOrderRow,
  events: Type.Array(
    Type.Object({
      kind: Type.String(),
      outcome: Type.String(),
      detail: Type.String(),
      createdAt: Type.Number(),
    }),
  ),
  refunds: Type.Array(
    Type.Object({
      refundNo: Type.String(),
      amount: Type.Integer(),
      reason: Type.String(),
      status: Type.String(),
      vipDaysTaken: Type.Integer(),
      createdAt: Type.Number(),
      finishedAt: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
});
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;

/** 退款: the whole remaining amount when `amount` (fen) is left out. */
export const RefundBody = Type.Object({
  amount: Type.Optional(Type.Integer({ minimum: 1 })),
  reason: Type.String({ minLength: 2, maxLength: 200 }),
  totp: TotpCode,
});
export type RefundBody = Static<typeof RefundBody>;

/** `GET /api/admin/dashboard?days=1|7|30`: the business at a glance, with a day-by-day series. */
export const DashboardQuery = Type.Object({
  days: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30)], { default: 7 })),
});
export const Dashboard = Type.Object({
  days: Type.Integer(),
  newUsers: Type.Integer(),
  activeUsers: Type.Integer(),
  paidOrders: Type.Integer(),
  revenueFen: Type.Integer(),
  refundedFen: Type.Integer(),
  vipMembers: Type.Integer(),
  uses: Type.Array(Type.Object({ feature: Type.String(), name: Type.String(), used: Type.Integer() })),
  /** Uses given back because a provider failed. */
  providerFailures: Type.Integer(),
  series: Type.Array(
    Type.Object({
      day: Type.String(),
      newUsers: Type.Integer(),
      revenueFen: Type.Integer(),
      uses: Type.Integer(),
    }),
  ),
});
export type Dashboard = Static<typeof Dashboard>;
