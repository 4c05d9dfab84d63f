import { type ChannelBalance, type ChannelModelsBody, ResultCode } from '@chuhai/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { KeyBox } from './key-box.ts';
import { providerBalance } from './provider-balance.ts';
import { providerModels } from './provider-models.ts';
import * as repo from './repository.ts';

export interface LookupParts {
  db: Kysely<Database>;
  clock: Clock;
  box: KeyBox;
  lookupTimeoutMs: number;
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
 * channel's stored key. The stored key only ever goes to the stored address: otherwise a stolen
 * session could send it anywhere by editing the address, without the two-factor code a save takes.
 */
export async function listModels(parts: LookupParts, body: ChannelModelsBody): Promise<string[]> {
  let key = body.key?.trim() ?? '';
  if (!key && body.channelId !== undefined) {
    const row = await repo.findChannel(parts.db, body.channelId);
    if (!row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
    if (!sameAddress(row.base_url, body.baseUrl))
      throw new AppError(
        ResultCode.badRequest,
        '接口地址改过了：已保存的密钥只发往已保存的地址，请在「密钥」里填写要用的密钥后再获取',
      );
    key = firstKey(parts.box, row.keys_sealed);
  }
  return providerModels({
    provider: body.provider,
    baseUrl: body.baseUrl,
    key,
    timeoutMs: parts.lookupTimeoutMs,
  });
}

/** 刷新余额: asks the provider with the channel's first key and keeps the answer in the row. */
export async function refreshBalance(parts: LookupParts, id: number): Promise<ChannelBalance> {
  const row = await repo.findChannel(parts.db, id);
  if (!row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
  const balance = await providerBalance(
    {
      provider: row.provider,
      baseUrl: row.base_url,
      key: firstKey(parts.box, row.keys_sealed),
      timeoutMs: parts.lookupTimeoutMs,
    },
    parts.clock.now(),
  );
  await repo.saveBalance(parts.db, id, JSON.stringify(balance));
  return balance;
}
