import {
  CHANNEL_PROVIDERS,
  type ChannelBalance,
  type ChannelInput,
  type ChannelModelsBody,
  type ChannelTestResult,
  type ChannelView,
  ResultCode,
} from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../audit/service.ts';

export type ChannelDeps = Pick<AppDeps, 'db' | 'clock' | 'channels'>;

/** 渠道: every channel with its state and its last 24 hours. */
export function listChannels(deps: ChannelDeps): Promise<ChannelView[]> {
  return deps.channels.console.list();
}

/** The protocol must be one the kind speaks, and the address a whole http(s) one. */
function checkEndpoint(input: Pick<ChannelInput, 'kind' | 'provider' | 'baseUrl'>): void {
  if (!CHANNEL_PROVIDERS[input.kind].includes(input.provider))
    throw new AppError(
      ResultCode.badRequest,
      `${input.kind === 'chat' ? '对话' : '图片'}渠道的类型只能是 ${CHANNEL_PROVIDERS[input.kind].join('、')}`,
    );
  let url: URL;
  try {
    url = new URL(input.baseUrl.trim());
  } catch {
    throw new AppError(ResultCode.badRequest, '接口地址应为 http:// 或 https:// 开头的完整地址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError(ResultCode.badRequest, '接口地址应为 http:// 或 https:// 开头的完整地址');
}

/** Checks what the schema cannot: the protocol for the kind, the address, the name, the model map. */
function checkInput(input: ChannelInput): void {
  checkEndpoint(input);
  if (!input.name.trim()) throw new AppError(ResultCode.badRequest, '请填写渠道名称');
  if (Object.keys(input.modelMap).length > 50)
    throw new AppError(ResultCode.badRequest, '模型映射最多 50 条');
}

/** 新增 or 编辑 a channel; keys left empty on edit keep the stored ones. */
export async function saveChannel(
  deps: ChannelDeps,
  actor: Actor,
  id: number | null,
  input: ChannelInput,
): Promise<number> {
  checkInput(input);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const saved = await deps.channels.console.save(trx, id, input);
    const target = saved.id;
    await recordAudit(
      trx,
      actor,
      {
        action: id === null ? 'channel.create' : 'channel.edit',
        target: `channel:${target}`,
        after: saved.settings,
      },
      now,
    );
    return target;
  });
}

/** 停用 / 启用: the channel's traffic stops or resumes on the next call on every node. */
export async function setChannelEnabled(
  deps: ChannelDeps,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await deps.channels.console.enable(trx, id, enabled);
    await recordAudit(
      trx,
      actor,
      {
        action: enabled ? 'channel.enable' : 'channel.disable',
        target: `channel:${id}`,
        after: { name: row.name },
      },
      now,
    );
  });
}

export async function deleteChannel(deps: ChannelDeps, actor: Actor, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await deps.channels.console.remove(trx, id);
    await recordAudit(
      trx,
      actor,
      { action: 'channel.delete', target: `channel:${id}`, before: { name: row.name, kind: row.kind } },
      now,
    );
  });
}

/** One small real call on the channel; on a cooling channel it is the trial (success restores it). */
export function testChannel(deps: ChannelDeps, id: number): Promise<ChannelTestResult> {
  return deps.channels.console.probe(id);
}

/**
 * 获取模型列表: what the provider offers, asked with the typed key or the channel's stored one. An
 * address other than the channel's saved one waits for `secondFactor` (the admin's two-factor code).
 */
export function providerModels(
  deps: ChannelDeps,
  body: Omit<ChannelModelsBody, 'totp'>,
  secondFactor: () => Promise<void>,
): Promise<string[]> {
  checkEndpoint(body);
  return deps.channels.console.models(body, secondFactor);
}

/** 刷新余额: the channel's balance as its provider tells it now, kept with the time it was read. */
export function refreshBalance(deps: ChannelDeps, id: number): Promise<ChannelBalance> {
  return deps.channels.console.balance(id);
}

/**
 * The scheduled test (every minute): each channel whose cooldown is over gets its trial call, and
 * each idle chat channel a test.
 */
export function testIdleChannels(deps: ChannelDeps): Promise<number> {
  return deps.channels.console.testIdle();
}
