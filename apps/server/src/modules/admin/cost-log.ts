import { type CostCallPage, type CostCallQuery, maskPhone, PAGE_SIZE, ResultCode } from '@chuhai/contract';
import { type CallFilter, countLedgerCalls, ledgerCallsPage } from '../../channels/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { paginate } from '../../lib/paging.ts';
import { findUserByPhone, phonesOf } from '../account/service.ts';
import type { OperatorDeps } from './operator-deps.ts';

/** How the console names the seller behind a call: the phone masked, as in 邀请记录. */
export function sellerName(userId: number | null, phones: Map<number, string>): string {
  if (userId === null) return '—';
  const phone = phones.get(userId) ?? '';
  return /^\d{11}$/.test(phone) ? maskPhone(phone) : '已注销用户';
}

const yuan = (micros: number) => micros / 1_000_000;

/** The seller filter as an id: by phone (typed in full) or by id (a row clicked); null: nobody has it. */
async function sellerOf(deps: OperatorDeps, query: CostCallQuery): Promise<number | null | undefined> {
  const phone = query.phone?.trim();
  if (!phone) return query.userId;
  if (!/^1\d{10}$/.test(phone)) throw new AppError(ResultCode.badRequest, '请输入卖家完整的 11 位手机号');
  const user = await findUserByPhone(deps.db, phone);
  return user ? Number(user.id) : null;
}

/** 成本 · 调用明细: every AI call, newest first, by seller, feature, channel or day. */
export async function costCalls(deps: OperatorDeps, query: CostCallQuery): Promise<CostCallPage> {
  const userId = await sellerOf(deps, query);
  if (userId === null)
    return { list: [], total: 0, pageNo: query.pageNo ?? 1, pageSize: query.pageSize ?? PAGE_SIZE.costCalls };
  const filter: CallFilter = {
    userId,
    purpose: query.purpose,
    channel: query.channel?.trim() || undefined,
    day: query.day,
  };
  const page = await paginate(
    query,
    'costCalls',
    {
      rows: (window) => ledgerCallsPage(deps.db, filter, window),
      total: () => countLedgerCalls(deps.db, filter),
    },
    (row) => row,
  );
  const ids = [...new Set(page.list.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)])))];
  const phones = await phonesOf(deps.db, ids);
  return {
    ...page,
    list: page.list.map((row) => {
      const user = row.user_id === null ? null : Number(row.user_id);
      return {
        id: Number(row.id),
        createdAt: Number(row.created_at),
        day: row.day,
        userId: user,
        seller: sellerName(user, phones),
        purpose: row.purpose,
        channel: row.channel_name,
        model: row.model,
        inputTokens: Number(row.input_tokens),
        outputTokens: Number(row.output_tokens),
        estimated: Number(row.usage_estimated) === 1,
        images: Number(row.images),
        cost: yuan(Number(row.cost_micros)),
        ok: Number(row.ok) === 1,
        failure: row.failure,
      };
    }),
  };
}
