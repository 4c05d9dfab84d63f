import {
  CHANNEL_PROVIDERS,
  type ChannelInput,
  type ChannelState,
  type ChannelTestResult,
  type ChannelView,
  DAY_IN_MS,
  ResultCode,
} from '@chuhai/contract';
import sharp from 'sharp';
import type { LiveChannel } from '../../channels/channel-book.ts';
import { channelValues } from '../../channels/channel-input.ts';
import { keyTail } from '../../channels/key-box.ts';
import { readKeyRests, restingKeys } from '../../channels/key-rests.ts';
import * as channels from '../../channels/repository.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/service.ts';

export type ChannelDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'channels' | 'chatModel' | 'imageGenerator'>;
interface Actor {
  userId: number;
  ip: string;
}

function stateOf(row: channels.ChannelRow, now: number): ChannelState {
  if (!row.enabled) return 'off';
  if (row.cooldown_until === null) return 'healthy';
  return Number(row.cooldown_until) > now ? 'cooling' : 'trial';
}

function toView(
  row: channels.ChannelRow,
  stats: { calls: number; failures: number; firstByteMs: number | null } | undefined,
  now: number,
  restingKeyTails: string[],
): ChannelView {
  return {
    id: Number(row.id),
    kind: row.kind as ChannelView['kind'],
    name: row.name,
    provider: row.provider,
    baseUrl: row.base_url,
    keyTails: JSON.parse(row.key_tails) as string[],
    restingKeyTails,
    models: JSON.parse(row.models) as string[],
    modelMap: JSON.parse(row.model_map) as Record<string, string>,
    priority: row.priority,
    weight: row.weight,
    enabled: row.enabled === 1,
    priceInput: row.price_input,
    priceOutput: row.price_output,
    priceImage: row.price_image,
    fromEnv: row.from_env === 1,
    state: stateOf(row, now),
    stateReason: row.state_reason,
    cooldownUntil: row.cooldown_until === null ? null : Number(row.cooldown_until),
    calls: stats?.calls ?? 0,
    errors: stats?.failures ?? 0,
    avgFirstByteMs: stats?.firstByteMs ?? null,
  };
}

/** 渠道: every channel with its state and its last 24 hours. */
export async function listChannels(deps: ChannelDeps): Promise<ChannelView[]> {
  const now = deps.clock.now();
  const [rows, stats] = await Promise.all([
    channels.allChannels(deps.db),
    channels.channelStats(deps.db, now - DAY_IN_MS),
  ]);
  return rows.map((row) => toView(row, stats.get(Number(row.id)), now, restingTails(deps, row, now)));
}

/** The last 4 characters of the channel's keys that rest now (the keys must be opened to know which). */
function restingTails(deps: ChannelDeps, row: channels.ChannelRow, now: number): string[] {
  const rests = readKeyRests(row.key_rests);
  if (Object.keys(rests).length === 0) return [];
  try {
    return [...restingKeys(deps.channels.box.open(row.keys_sealed), rests, now)].map(keyTail);
  } catch {
    return [];
  }
}

/** Checks what the schema cannot: the protocol for the kind, the address, the model map. */
function checkInput(input: ChannelInput): void {
  if (!CHANNEL_PROVIDERS[input.kind].includes(input.provider))
    throw new AppError(
      ResultCode.badRequest,
      `${input.kind === 'chat' ? '对话' : '图片'}渠道的类型只能是 ${CHANNEL_PROVIDERS[input.kind].join('、')}`,
    );
  if (!input.name.trim()) throw new AppError(ResultCode.badRequest, '请填写渠道名称');
  let url: URL;
  try {
    url = new URL(input.baseUrl.trim());
  } catch {
    throw new AppError(ResultCode.badRequest, '接口地址应为 http:// 或 https:// 开头的完整地址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError(ResultCode.badRequest, '接口地址应为 http:// 或 https:// 开头的完整地址');
  if (Object.keys(input.modelMap).length > 50)
    throw new AppError(ResultCode.badRequest, '模型映射最多 50 条');
}

/** A channel's settings as the audit log keeps them: never a key, only the keys' tails. */
function audited(values: ReturnType<typeof channelValues>) {
  return {
    name: values.name,
    provider: values.provider,
    baseUrl: values.base_url,
    keyTails: (JSON.parse(values.key_tails) as string[]).join('、'),
    models: (JSON.parse(values.models) as string[]).join('、'),
    priority: values.priority,
    weight: values.weight,
    enabled: values.enabled === 1,
    priceInput: values.price_input,
    priceOutput: values.price_output,
    priceImage: values.price_image,
  };
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
    const clash = await channels.findChannelByName(trx, input.kind, input.name.trim());
    if (clash && Number(clash.id) !== id)
      throw new AppError(ResultCode.badRequest, '已有同名渠道，请换一个名称');
    let target = id;
    let values: ReturnType<typeof channelValues>;
    if (target === null) {
      if (input.keys.length === 0 && input.provider !== 'sdwebui' && input.kind === 'image')
        throw new AppError(ResultCode.badRequest, '请至少填写一个密钥');
      values = channelValues(input, deps.channels.box, { fromEnv: false, now });
      target = await channels.insertChannel(trx, { ...values, created_at: now });
    } else {
      const row = await channels.findChannel(trx, target);
      if (!row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
      if (row.kind !== input.kind)
        throw new AppError(ResultCode.badRequest, '渠道的种类不能修改，请新增一个渠道');
      const keptKeys = input.keys.length === 0 ? deps.channels.box.open(row.keys_sealed) : undefined;
      values = channelValues(input, deps.channels.box, { fromEnv: row.from_env === 1, now, keptKeys });
      await channels.updateChannel(trx, target, values);
    }
    await recordAudit(trx, {
      actorId: actor.userId,
      action: id === null ? 'channel.create' : 'channel.edit',
      target: `channel:${target}`,
      after: audited(values),
      ip: actor.ip,
      now,
    });
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
    const row = await channels.findChannel(trx, id);
    if (!row) throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
    await channels.updateChannel(trx, id, { enabled: enabled ? 1 : 0, updated_at: now });
    await recordAudit(trx, {
      actorId: actor.userId,
      action: enabled ? 'channel.enable' : 'channel.disable',
      target: `channel:${id}`,
      after: { name: row.name },
      ip: actor.ip,
      now,
    });
  });
}

export async function deleteChannel(deps: ChannelDeps, actor: Actor, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await channels.findChannel(trx, id);
    if (!row || !(await channels.deleteChannel(trx, id)))
      throw new AppError(ResultCode.notFound, '渠道不存在或已删除');
    await recordAudit(trx, {
      actorId: actor.userId,
      action: 'channel.delete',
      target: `channel:${id}`,
      before: { name: row.name, kind: row.kind },
      ip: actor.ip,
      now,
    });
  });
}

/** One small real call on the channel; on a cooling channel it is the trial (success restores it). */
export async function testChannel(deps: ChannelDeps, id: number): Promise<ChannelTestResult> {
  const channel = await deps.channels.book.channel(id);
  if (!channel)
    throw new AppError(
      ResultCode.notFound,
      '渠道不存在，或它的密钥无法解开（CHANNEL_SECRET 变了？请重新填写密钥）',
    );
  const started = performance.now();
  const result = (ok: boolean, message: string): ChannelTestResult => ({
    ok,
    message,
    tookMs: Math.round(performance.now() - started),
  });
  try {
    return result(true, await probeMessage(deps, channel, false));
  } catch (error) {
    return result(false, `调用失败：${(error as Error).message}`);
  }
}

async function probeMessage(deps: ChannelDeps, channel: LiveChannel, claim: boolean): Promise<string> {
  if (channel.kind === 'chat') {
    const answer = await deps.chatModel.probe(channel, claim);
    return answer === null ? '另一个节点正在试探' : `模型回复：${answer.slice(0, 40)}`;
  }
  const image = await deps.imageGenerator.probe(channel, claim);
  if (image === null) return '另一个节点正在试探';
  const meta = await sharp(image).metadata();
  return `生成了一张 ${meta.width}×${meta.height} 的图片（${Math.round(image.length / 1024)} KB）`;
}

/** Chat channels with no call for this long get a scheduled test, so a dead key shows before a seller meets it. */
const IDLE_TEST_AFTER_MS = 30 * 60_000;

/**
 * The scheduled test (every minute): each channel whose cooldown is over gets its trial call, and
 * each idle chat channel a test. Image channels are not tested while healthy: a test picture costs
 * as much as a seller's.
 */
export async function testIdleChannels(deps: ChannelDeps): Promise<number> {
  const now = deps.clock.now();
  let tested = 0;
  for (const kind of ['chat', 'image'] as const) {
    for (const channel of await deps.channels.book.live(kind)) {
      if (channel.id === null) continue;
      const idle =
        kind === 'chat' &&
        !channel.cooling &&
        !channel.needsTrial &&
        Math.max(deps.channels.book.startedAt, (await channels.lastCallAt(deps.db, channel.id)) ?? 0) <
          now - IDLE_TEST_AFTER_MS;
      if (!channel.needsTrial && !idle) continue;
      tested += 1;
      try {
        await probeMessage(deps, channel, channel.needsTrial);
      } catch (error) {
        deps.log.warn({ channel: channel.name, err: error }, 'scheduled channel test failed');
      }
    }
  }
  return tested;
}
