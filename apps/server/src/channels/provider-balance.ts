import type { ChannelBalance } from '@chuhai/contract';
import { ResultCode } from '@chuhai/contract';
import { AppError } from '../lib/app-error.ts';
import { keyTail } from './key-box.ts';
import { getJson, type LookupTarget, under } from './provider-lookup.ts';

/**
 * 刷新余额, for the two balance queries we checked against their documentation:
 * - DeepSeek: `GET https://api.deepseek.com/user/balance` →
 *   `{ is_available, balance_infos: [{ currency, total_balance, granted_balance, topped_up_balance }] }`
 *   (amounts are strings).
 * - new-api / one-api style gateways, OpenAI's old billing API: `GET {base}/dashboard/billing/subscription`
 *   → `{ hard_limit_usd }` and `GET {base}/dashboard/billing/usage` → `{ total_usage }` in US cents;
 *   what is left is the limit less the usage.
 * An OpenAI-compatible address without them (404, or a web page) has no balance query. 通义万相's
 * native API and SD WebUI have none.
 */
export function offersBalance(provider: string): boolean {
  return provider === 'openai';
}

const isDeepSeek = (baseUrl: string) => new URL(baseUrl.trim()).hostname === 'api.deepseek.com';

export async function providerBalance(target: LookupTarget, now: number): Promise<ChannelBalance> {
  const read = { keyTail: keyTail(target.key), readAt: now };
  const none: ChannelBalance = { offered: false, amount: null, currency: null, usable: true, ...read };
  if (!offersBalance(target.provider)) return none;
  if (isDeepSeek(target.baseUrl)) {
    const answer = await getJson(target, new URL('/user/balance', target.baseUrl.trim()));
    if (!answer) return none;
    const { is_available, balance_infos } = answer.json as {
      is_available?: unknown;
      balance_infos?: { currency?: unknown; total_balance?: unknown }[];
    };
    const infos = Array.isArray(balance_infos) ? balance_infos : [];
    const info = infos.find((entry) => entry?.currency === 'CNY') ?? infos[0];
    const amount = Number(info?.total_balance);
    if (!info || !Number.isFinite(amount)) throw unreadable();
    return {
      offered: true,
      amount,
      currency: typeof info.currency === 'string' ? info.currency : 'CNY',
      usable: is_available !== false,
      ...read,
    };
  }
  const subscription = await quietly(
    getJson(target, under(target.baseUrl, '/dashboard/billing/subscription')),
  );
  if (!subscription) return none;
  const limit = Number((subscription.json as { hard_limit_usd?: unknown } | null)?.hard_limit_usd);
  if (!Number.isFinite(limit)) throw unreadable();
  // one-api asks for the last 100 days (OpenAI's limit); new-api ignores the dates.
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const usageUrl = under(target.baseUrl, '/dashboard/billing/usage');
  usageUrl.searchParams.set('start_date', day(now - 100 * 86_400_000));
  usageUrl.searchParams.set('end_date', day(now + 86_400_000));
  const usage = await getJson(target, usageUrl);
  const cents = Number((usage?.json as { total_usage?: unknown } | null)?.total_usage ?? 0);
  if (!Number.isFinite(cents)) throw unreadable();
  return {
    offered: true,
    amount: Math.round((limit - cents / 100) * 100) / 100,
    currency: 'USD',
    usable: true,
    ...read,
  };
}

const unreadable = () => new AppError(ResultCode.providerUnavailable, '服务商返回的余额看不懂：请稍后再试');

/**
 * A gateway that does not route /dashboard/… often answers with its web app's page: that is "no
 * balance query", not a broken provider.
 */
async function quietly(answer: ReturnType<typeof getJson>) {
  try {
    return await answer;
  } catch (error) {
    if ((error as AppError).message.startsWith('服务商返回的是网页')) return null;
    throw error;
  }
}
