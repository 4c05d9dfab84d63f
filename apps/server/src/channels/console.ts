import {
  type ChannelBalance,
  type ChannelInput,
  type ChannelModelsBody,
  type ChannelTestResult,
  type ChannelView,
  DAY_IN_MS,
  ResultCode,
} from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { PrivateNetworks } from '../lib/public-address.ts';
import type { ChannelBook } from './channel-book.ts';
import { channelValues } from './channel-input.ts';
import { restingTails, toView } from './channel-view.ts';
import type { ChatRouter } from './chat-router.ts';
import { listModels, refreshBalance } from './console-lookups.ts';
import { callFailureText } from './failure-text.ts';
import type { ImageRouter } from './image-router.ts';
import type { KeyBox } from './key-box.ts';
import { probeChannel, probeRouted, testIdleChannels } from './probe.ts';
import * as repo from './repository.ts';
import { seedChannels } from './seed.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A channel's settings as the audit log keeps them: never a key, only the keys' tails. */
export type AuditedChannel = ReturnType<typeof audited>;

function audited(values: repo.ChannelValues) {
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

/**
 * What the operator console (运营后台 · 渠道, 成本, 服务状态) does with the channels, the one way in
 * for it: the writes run in the caller's transaction, so the module writes its audit row beside them.
 */
export interface ChannelConsole {
  /** Every channel with its state and its last 24 hours. */
  list(): Promise<ChannelView[]>;
  /** Adds (`id` null) or edits a channel; keys left empty on edit keep the stored ones. */
  save(trx: Db, id: number | null, input: ChannelInput): Promise<{ id: number; settings: AuditedChannel }>;
  /** Switches a channel on or off; its name, for the audit log. */
  enable(trx: Db, id: number, enabled: boolean): Promise<{ name: string }>;
  /** Deletes a channel; what it was, for the audit log. */
  remove(trx: Db, id: number): Promise<{ name: string; kind: string }>;
  /** One small real call on the channel; on a cooling channel it is the trial (success restores it). */
  probe(id: number): Promise<ChannelTestResult>;
  /**
   * 获取模型列表: the provider's models, with the typed key or the channel's stored one; an address
   * other than the channel's saved one is asked only after `secondFactor` (the admin's code) passes.
   */
  models(body: Omit<ChannelModelsBody, 'totp'>, secondFactor: () => Promise<void>): Promise<string[]>;
  /** 刷新余额: the provider's balance for the channel's first key, kept in its row (stored address only). */
  balance(id: number): Promise<ChannelBalance>;
  /** One small call routed as a seller's (服务状态); throws 「未配置」 when no channel of the kind is on. */
  probeRouted(kind: 'chat' | 'image', userId: number): Promise<string>;
  /** The scheduled test: trials that are due, and idle chat channels. How many were tested. */
  testIdle(): Promise<number>;
  /** Writes the channels named in the environment into the table (see seed.ts). */
  seed(seeds: readonly ChannelInput[]): Promise<void>;
  /** The enabled channels of a kind, by name, and whether each is cooling (服务状态). */
  live(kind: 'chat' | 'image'): Promise<{ name: string; cooling: boolean }[]>;
  /** Each enabled channel and whether it is cooling now, for the metrics gauge. */
  gauge(): Promise<{ kind: string; channel: string; cooling: boolean }[]>;
}

export interface ConsoleParts {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  box: KeyBox;
  book: ChannelBook;
  chat: ChatRouter;
  images: ImageRouter;
  /** 获取模型列表 and 刷新余额 wait this long for the provider. */
  lookupTimeoutMs: number;
  /** CHANNEL_PRIVATE_NETWORKS: the private addresses 获取模型列表 and 刷新余额 may reach. */
  privateNetworks: PrivateNetworks;
  /** Tests: providers' origins answered by fakes. */
  standIns?: Readonly<Record<string, string>>;
}

/** The cost ledger from a China day on: per day and purpose, and per channel (成本). */
export async function channelCosts(db: Db, fromDay: string) {
  const [byDay, byChannel] = await Promise.all([
    repo.costByDay(db, fromDay),
    repo.costByChannel(db, fromDay),
  ]);
  return { byDay, byChannel };
}

const notFound = () => new AppError(ResultCode.notFound, '渠道不存在或已删除');

export function channelConsole(parts: ConsoleParts): ChannelConsole {
  const { db, clock, box, book } = parts;
  return {
    async list() {
      const now = clock.now();
      const [rows, stats] = await Promise.all([repo.allChannels(db), repo.channelStats(db, now - DAY_IN_MS)]);
      return rows.map((row) => toView(row, stats.get(Number(row.id)), now, restingTails(box, row, now)));
    },

    async save(trx, id, input) {
      const now = clock.now();
      const clash = await repo.findChannelByName(trx, input.kind, input.name.trim());
      if (clash && Number(clash.id) !== id)
        throw new AppError(ResultCode.badRequest, '已有同名渠道，请换一个名称');
      if (id === null) {
        if (input.keys.length === 0 && input.provider !== 'sdwebui' && input.kind === 'image')
          throw new AppError(ResultCode.badRequest, '请至少填写一个密钥');
        const values = channelValues(input, box, { fromEnv: false, now });
        return {
          id: await repo.insertChannel(trx, { ...values, created_at: now }),
          settings: audited(values),
        };
      }
      const row = await repo.findChannel(trx, id);
      if (!row) throw notFound();
      if (row.kind !== input.kind)
        throw new AppError(ResultCode.badRequest, '渠道的种类不能修改，请新增一个渠道');
      const keptKeys = input.keys.length === 0 ? box.open(row.keys_sealed) : undefined;
      const values = channelValues(input, box, { fromEnv: row.from_env === 1, now, keptKeys });
      await repo.updateChannel(trx, id, values);
      // The balance read belongs to the old address or key: read it again.
      if (keptKeys === undefined || row.base_url !== values.base_url) await repo.saveBalance(trx, id, null);
      return { id, settings: audited(values) };
    },

    async enable(trx, id, enabled) {
      const row = await repo.findChannel(trx, id);
      if (!row) throw notFound();
      await repo.updateChannel(trx, id, { enabled: enabled ? 1 : 0, updated_at: clock.now() });
      return { name: row.name };
    },

    async remove(trx, id) {
      const row = await repo.findChannel(trx, id);
      if (!row || !(await repo.deleteChannel(trx, id))) throw notFound();
      return { name: row.name, kind: row.kind };
    },

    async probe(id) {
      const channel = await book.channel(id);
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
        return result(true, await probeChannel(parts, channel, false));
      } catch (error) {
        const model = channel.kind === 'chat' ? parts.chat.probeModel(channel) : channel.models[0];
        return result(false, callFailureText(error, { ...channel, model }));
      }
    },

    models: (body, secondFactor) => listModels(parts, body, secondFactor),

    balance: (id) => refreshBalance(parts, id),

    probeRouted: (kind, userId) => probeRouted(parts, kind, userId),

    testIdle: () => testIdleChannels(parts),

    seed: (seeds) => seedChannels(db, box, seeds, clock.now()),

    async live(kind) {
      return (await book.live(kind)).map((channel) => ({ name: channel.name, cooling: channel.cooling }));
    },

    async gauge() {
      const now = clock.now();
      return (await repo.allChannels(db))
        .filter((row) => row.enabled)
        .map((row) => ({
          kind: row.kind,
          channel: row.name,
          cooling: row.cooldown_until !== null && Number(row.cooldown_until) > now,
        }));
    },
  };
}
