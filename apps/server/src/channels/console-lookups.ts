import { type ChannelBalance, type ChannelModelsBody, ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { PrivateNetworks } from '../lib/public-address.ts';
import type { KeyBox } from './key-box.ts';
import { providerBalance } from './provider-balance.ts';
import { providerModels } from './provider-models.ts';
import * as repo from './repository.ts';

export interface LookupParts {
  db: Kysely<Database>;
  clock: Clock;
  box: KeyBox;
  lookupTimeoutMs: number;
  /** CHANNEL_PRIVATE_NETWORKS: the private addresses a lookup may reach. */
  privateNetworks: PrivateNetworks;
  /** Tests: providers' origins answered by fakes (see LookupTarget). */
  standIns?: Readonly<Record<string, string>>;
}

const sameAddress = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

function firstKey(box: KeyBox, sealed: string): string {
  try {
    return box.open(sealed)[0] ?? '';
  } catch {
    throw new AppError(
      ResultCode.badRequest,
      '已保存的密钥无法解开（CHANNEL_SECRET 变了？）：请在「密钥」里重新填写',
    );
  }
}

/**
 * 获取模型列表 with the key typed in the form or, when it is left empty on a saved channel, the
 * channel's stored key. A saved channel's own address (saved with a two-factor code) is asked as
 * is; any other address only after `secondFactor` (the admin's code), as a save would take: else a
 * stolen session could point the server at any address and read its answers. The stored key only
 * ever goes to the stored address, code or not.
 */
export async function listModels(
  parts: LookupParts,
  body: Omit<ChannelModelsBody, 'totp'>,
  secondFactor: () => Promise<void>,
): Promise<string[]> {
  const row = body.channelId === undefined ? undefined : await repo.findChannel(parts.db, body.channelId);
  if (body.channelId !== undefined && !row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
  const atSavedAddress = row !== undefined && sameAddress(row.base_url, body.baseUrl);
  let key = body.key?.trim() ?? '';
  if (!key && row && !atSavedAddress)
    throw new AppError(
      ResultCode.badRequest,
      '接口地址改过了：已保存的密钥只发往已保存的地址，请在「密钥」里填写要用的密钥后再获取',
    );
  if (!atSavedAddress) await secondFactor();
  if (!key && row) key = firstKey(parts.box, row.keys_sealed);
  return providerModels(lookupTarget(parts, body.provider, body.baseUrl, key));
}

function lookupTarget(parts: LookupParts, provider: string, baseUrl: string, key: string) {
  return {
    provider,
    baseUrl,
    key,
    timeoutMs: parts.lookupTimeoutMs,
    privateNetworks: parts.privateNetworks,
    standIns: parts.standIns,
  };
}

/**
 * 刷新余额: asks the provider with the channel's first key and keeps the answer in the row. No
 * two-factor code: it only ever goes to the stored address, which a code already approved.
 */
export async function refreshBalance(parts: LookupParts, id: number): Promise<ChannelBalance> {
  const row = await repo.findChannel(parts.db, id);
  if (!row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
  const balance = await providerBalance(
    lookupTarget(parts, row.provider, row.base_url, firstKey(parts.box, row.keys_sealed)),
    parts.clock.now(),
  );
  await repo.saveBalance(parts.db, id, JSON.stringify(balance));
  return balance;
}
