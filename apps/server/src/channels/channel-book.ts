import { type ChannelKind, type CostPurpose, chinaDay, type TokenUsage } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import {
  type AttemptFailure,
  cooldownFor,
  countsAgainstChannel,
  failureReason,
  HEALTH,
  isFatal,
} from './health.ts';
import { type KeyBox, keyTail } from './key-box.ts';
import { type KeyRests, keyId, readKeyRests, restingKeys, withoutRest, withRest } from './key-rests.ts';
import { type ChannelPrice, costMicros } from './ledger.ts';
import * as repo from './repository.ts';

export interface ChannelBookDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Who a provider call is for, for the cost ledger. */
export interface CallMeter {
  purpose: CostPurpose;
  userId: number | null;
}

/** A channel as the routers use it: its row with the keys opened and the JSON read. */
export interface LiveChannel {
  /** Null for a test double that is not in the table. */
  id: number | null;
  kind: ChannelKind;
  name: string;
  provider: string;
  baseUrl: string;
  keys: string[];
  /** Keys the provider refused, resting now: passed over while the channel has others. */
  restingKeys: ReadonlySet<string>;
  /** Every key rest on record, over or not: a key in it that answers again is taken off. */
  keyRests: KeyRests;
  models: string[];
  modelMap: Record<string, string>;
  priority: number;
  weight: number;
  price: ChannelPrice;
  /** Where and with which keys it calls: adapters built for another version are dropped. */
  version: string;
  /** Its cooldown is over and a trial call must be claimed before using it. */
  needsTrial: boolean;
  /** Cooling down: tried only when no other channel is left. */
  cooling: boolean;
}

/** A change of a channel's state, for the audit log. */
export interface StateChange {
  channelId: number;
  name: string;
  action: 'channel.cooldown' | 'channel.restore' | 'channel.key-rest' | 'channel.key-restore';
  reason: string;
  until: number | null;
}

export interface ChannelHooks {
  stateChanged?(change: StateChange): Promise<void>;
  /** Every attempt, for the metrics. */
  attempted?(attempt: { kind: ChannelKind; channel: string; ok: boolean; seconds: number }): void;
}

/** One attempt's outcome, as recorded in the ledger and counted for health. */
export interface AttemptRecord {
  kind: ChannelKind;
  meter: CallMeter;
  model: string;
  /** The key the attempt used; absent for a test double. */
  key?: string;
  error: unknown;
  failure: AttemptFailure | null;
  usage?: { usage: TokenUsage; estimated: boolean };
  images?: number;
  firstByteMs: number | null;
  seconds: number;
  /** This attempt was the channel's trial call. */
  trial: boolean;
}

/**
 * The channels' table as the routers see it: which channels are live, the ledger of every call,
 * and the health that follows from it. Everything is in the database, so every node reads the same
 * state and a change in the console takes effect on the next call, without a restart.
 */
export class ChannelBook {
  /** When this node started: a channel counts as idle only after this node has watched it for a while. */
  readonly startedAt: number;
  private readonly deps: ChannelBookDeps;
  private readonly box: KeyBox;
  // Given once at composition (app.ts): the audit log and the metrics hear of every change and attempt.
  private readonly hooks: ChannelHooks;
  private readonly cooldownMs: number;
  private readonly firstByteMs: number;
  constructor(
    deps: ChannelBookDeps,
    box: KeyBox,
    hooks: ChannelHooks,
    timing: { cooldownMs: number; firstByteMs: number },
  ) {
    this.deps = deps;
    this.box = box;
    this.hooks = hooks;
    this.cooldownMs = timing.cooldownMs;
    this.firstByteMs = timing.firstByteMs;
    this.startedAt = deps.clock.now();
  }

  /** The enabled channels of a kind; keys opened. */
  async live(kind: ChannelKind): Promise<LiveChannel[]> {
    const now = this.deps.clock.now();
    const rows = await repo.channelsOfKind(this.deps.db, kind);
    return rows.filter((row) => row.enabled).flatMap((row) => this.toLive(row, now) ?? []);
  }

  /** One channel, enabled or not (the console's 测试); null when it is gone or its keys cannot be opened. */
  async channel(id: number): Promise<LiveChannel | null> {
    const row = await repo.findChannel(this.deps.db, id);
    return row ? this.toLive(row, this.deps.clock.now()) : null;
  }

  private toLive(row: repo.ChannelRow, now: number): LiveChannel | null {
    let keys: string[];
    try {
      keys = this.box.open(row.keys_sealed);
    } catch (error) {
      // Sealed under another CHANNEL_SECRET: unusable until its keys are entered again.
      this.deps.log.error(
        { channel: row.name, err: error },
        'channel keys cannot be opened (CHANNEL_SECRET changed?)',
      );
      return null;
    }
    const cooling = row.cooldown_until !== null;
    const keyRests = readKeyRests(row.key_rests);
    return {
      id: Number(row.id),
      kind: row.kind as ChannelKind,
      name: row.name,
      provider: row.provider,
      baseUrl: row.base_url,
      keys,
      restingKeys: restingKeys(keys, keyRests, now),
      keyRests,
      models: JSON.parse(row.models) as string[],
      modelMap: JSON.parse(row.model_map) as Record<string, string>,
      priority: row.priority,
      weight: row.weight,
      price: { input: row.price_input, output: row.price_output, image: row.price_image },
      version: `${row.provider} ${row.base_url} ${row.keys_sealed}`,
      needsTrial: cooling && Number(row.cooldown_until) <= now,
      cooling: cooling && Number(row.cooldown_until) > now,
    };
  }

  /** Claims a channel's trial call; false when another request or node has it. */
  claimTrial(channel: LiveChannel): Promise<boolean> {
    if (channel.id === null) return Promise.resolve(true);
    return repo.claimTrial(this.deps.db, channel.id, this.deps.clock.now(), HEALTH.trialHoldMs);
  }

  /** Writes the attempt to the ledger, then moves the channel's health on. Never throws. */
  async record(channel: LiveChannel, attempt: AttemptRecord): Promise<void> {
    const now = this.deps.clock.now();
    const ok = attempt.failure === null;
    this.hooks.attempted?.({ kind: attempt.kind, channel: channel.name, ok, seconds: attempt.seconds });
    try {
      await repo.recordCall(this.deps.db, {
        channel_id: channel.id,
        channel_name: channel.name,
        kind: attempt.kind,
        purpose: attempt.meter.purpose,
        user_id: attempt.meter.userId,
        model: attempt.model.slice(0, 100),
        ok: ok ? 1 : 0,
        failure: attempt.failure ?? '',
        input_tokens: attempt.usage?.usage.promptTokens ?? 0,
        output_tokens: attempt.usage?.usage.completionTokens ?? 0,
        usage_estimated: attempt.usage?.estimated ? 1 : 0,
        images: attempt.images ?? 0,
        cost_micros: costMicros(channel.price, { usage: attempt.usage?.usage, images: attempt.images }),
        first_byte_ms: attempt.firstByteMs,
        day: chinaDay(now),
        created_at: now,
      });
      if (channel.id === null) return;
      if (ok) {
        if (attempt.trial || channel.cooling) await this.restore(channel, now);
        if (attempt.key !== undefined && channel.keyRests[keyId(attempt.key)] !== undefined)
          await this.wakeKey(channel, attempt.key);
      } else if (attempt.failure && countsAgainstChannel(attempt.failure)) {
        if (!(await this.restKey(channel, attempt, now))) await this.judge(channel, attempt, now);
      }
    } catch (error) {
      // The seller's answer matters more than the ledger: log and go on.
      this.deps.log.error({ err: error, channel: channel.name }, 'recording a provider call failed');
    }
  }

  private async restore(channel: LiveChannel, now: number) {
    if (!(await repo.restoreChannel(this.deps.db, channel.id as number, now))) return;
    await this.hooks.stateChanged?.({
      channelId: channel.id as number,
      name: channel.name,
      action: 'channel.restore',
      reason: '试探调用成功，恢复使用',
      until: null,
    });
  }

  /**
   * A refused key of a healthy channel that has another key not resting: that key alone rests for
   * the cooldown (true). False leaves the channel to `judge`: no other key, a trial, not a refusal.
   */
  private async restKey(channel: LiveChannel, attempt: AttemptRecord, now: number): Promise<boolean> {
    const key = attempt.key;
    if (key === undefined || attempt.trial || !isFatal(attempt.error)) return false;
    const others = channel.keys.filter((k) => k !== key && !channel.restingKeys.has(k));
    if (others.length === 0) return false;
    const until = now + this.cooldownMs;
    const rested = await this.changeKeyRests(channel, (rests) =>
      // Several calls refused at once: the first one rests the key and tells the audit log.
      (rests[keyId(key)] ?? 0) > now ? rests : withRest(channel.keys, rests, key, until),
    );
    if (rested) {
      const last = failureReason(attempt.error, attempt.failure as AttemptFailure, this.firstByteMs);
      await this.hooks.stateChanged?.({
        channelId: channel.id as number,
        name: channel.name,
        action: 'channel.key-rest',
        reason: `密钥尾号 ${keyTail(key)}：${last}，暂停使用，其余 ${others.length} 个密钥继续`,
        until,
      });
    }
    return true;
  }

  /** A resting key answered again (its rest was over): it is taken off the list. */
  private async wakeKey(channel: LiveChannel, key: string) {
    if (!(await this.changeKeyRests(channel, (rests) => withoutRest(rests, key)))) return;
    await this.hooks.stateChanged?.({
      channelId: channel.id as number,
      name: channel.name,
      action: 'channel.key-restore',
      reason: `密钥尾号 ${keyTail(key)} 调用成功，恢复使用`,
      until: null,
    });
  }

  /** Applies `change` to the channel's key rests in the database; false when it changed nothing. */
  private async changeKeyRests(channel: LiveChannel, change: (rests: KeyRests) => KeyRests) {
    const id = channel.id as number;
    // Compare-and-swap: another node's change in between is read again, not overwritten.
    for (let round = 0; round < 3; round += 1) {
      const row = await repo.findChannel(this.deps.db, id);
      if (!row) return false;
      const after = JSON.stringify(change(readKeyRests(row.key_rests)));
      if (after === JSON.stringify(readKeyRests(row.key_rests))) return false;
      if (await repo.swapKeyRests(this.deps.db, id, row.key_rests, after)) return true;
    }
    return false;
  }

  /** Cools the channel down when the failure is fatal, a failed trial, or the window says so. */
  private async judge(channel: LiveChannel, attempt: AttemptRecord, now: number) {
    const id = channel.id as number;
    const last = failureReason(attempt.error, attempt.failure as AttemptFailure, this.firstByteMs);
    const row = await repo.findChannel(this.deps.db, id);
    if (!row) return;
    let reason: string | null = null;
    if (attempt.trial) reason = `试探调用失败：${last}`;
    else if (isFatal(attempt.error)) reason = last;
    else {
      const { calls, failures } = await repo.windowCounts(this.deps.db, id, now - HEALTH.windowMs);
      if (failures >= HEALTH.minFailures && failures / calls >= HEALTH.errorRate)
        reason = `${HEALTH.windowMs / 60_000} 分钟内 ${calls} 次调用失败 ${failures} 次，最近一次：${last}`;
    }
    if (!reason) return;
    const level = attempt.trial ? row.cooldown_level + 1 : 0;
    const until = now + cooldownFor(this.cooldownMs, level);
    const changed = await repo.startCooldown(this.deps.db, id, {
      until,
      level,
      reason,
      now,
      fromTrial: attempt.trial,
    });
    if (!changed) return;
    await this.hooks.stateChanged?.({
      channelId: id,
      name: channel.name,
      action: 'channel.cooldown',
      reason,
      until,
    });
  }
}

/** A test double as the only channel of its kind: not in the table, so no health is kept for it. */
export function doubleChannel(kind: ChannelKind, name: string, provider: string): LiveChannel {
  return {
    id: null,
    kind,
    name,
    provider,
    baseUrl: '',
    keys: [],
    restingKeys: new Set(),
    keyRests: {},
    models: [],
    modelMap: {},
    priority: 0,
    weight: 1,
    price: { input: 0, output: 0, image: 0 },
    version: '',
    needsTrial: false,
    cooling: false,
  };
}
