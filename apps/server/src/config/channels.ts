import { CHANNEL_DEFAULTS, CHANNEL_PROVIDERS, ChannelInput, type ChannelKind } from '@chuhai/contract';
import { Value } from 'typebox/value';
import { type PrivateNetworks, readNetwork, THIS_MACHINE } from '../lib/public-address.ts';
import { type Env, fail, type NodeEnv, readChoice, readInt, readRequired, readSecret } from './read-env.ts';

/**
 * Provider channels (README「渠道」): what seeds the table on start, the key that seals channel keys,
 * and how long a channel may take to its first byte before the next one is tried.
 */
export interface ChannelsConfig {
  /** CHANNEL_SECRET: seals the channels' keys in the database. Same on every node. */
  secret: string;
  /** From LLM_CHANNELS, IMAGE_CHANNELS and the one-channel shorthands (LLM_BASE_URL…, IMAGE_PROVIDER…). */
  seeds: ChannelInput[];
  firstByteMs: number;
  /** The first cooldown of a failing channel; each failed trial doubles it, up to 32×. */
  cooldownMs: number;
  /** 获取模型列表 and 刷新余额: how long the console waits for the provider's answer. */
  lookupTimeoutMs: number;
  /**
   * CHANNEL_PRIVATE_NETWORKS: the private networks 获取模型列表, 刷新余额 and providers' result links
   * may reach (a local SD WebUI or Ollama). Unset: this machine outside production, none in it.
   * Absent (a bench's hand-made config): none.
   */
  privateNetworks?: PrivateNetworks;
}

/**
 * CHANNEL_PRIVATE_NETWORKS: `127.0.0.1`, `192.168.1.0/24,fd00::/8`… or `none`. Production reaches
 * only public addresses unless the operator names a network here.
 */
function readPrivateNetworks(env: Env, nodeEnv: NodeEnv): PrivateNetworks {
  const raw = env.CHANNEL_PRIVATE_NETWORKS?.trim();
  if (!raw) return nodeEnv === 'production' ? [] : THIS_MACHINE;
  if (raw.toLowerCase() === 'none') return [];
  return raw
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((network) => {
      if (!readNetwork(network))
        fail(
          'CHANNEL_PRIVATE_NETWORKS',
          network,
          '应为 IP 地址或网段，多个用逗号分隔，例如 127.0.0.1 或 192.168.1.0/24；都不允许时写 none',
        );
      return network;
    });
}

function readPrice(env: Env, name: string): number {
  const raw = env[name]?.trim();
  if (!raw) return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 100_000)
    fail(name, raw, '应为 0 到 100000 之间的数（元）');
  return value;
}

/** LLM_BASE_URL, LLM_API_KEY…: one chat channel. */
function llmShorthand(env: Env): ChannelInput | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return null;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl))
    fail('LLM_BASE_URL', baseUrl, '应为 http:// 或 https:// 开头的地址，例如 https://api.deepseek.com/v1');
  return {
    ...CHANNEL_DEFAULTS,
    kind: 'chat',
    name: '默认对话渠道',
    provider: 'openai',
    baseUrl,
    // Local servers (Ollama, vLLM) need no key; the header is sent all the same.
    keys: [env.LLM_API_KEY?.trim() || 'no-key'],
    priceInput: readPrice(env, 'LLM_PRICE_INPUT'),
    priceOutput: readPrice(env, 'LLM_PRICE_OUTPUT'),
  };
}

const IMAGE_DEFAULTS = {
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'dall-e-3' },
  dashscope: { baseUrl: 'https://dashscope.aliyuncs.com', model: 'wanx2.1-t2i-turbo' },
  sdwebui: { baseUrl: 'http://127.0.0.1:7860', model: '' },
} as const;

/** IMAGE_PROVIDER, IMAGE_BASE_URL…: one image channel. */
function imageShorthand(env: Env): ChannelInput | null {
  const raw = env.IMAGE_PROVIDER?.trim();
  if (!raw) return null;
  const provider = readChoice(env, 'IMAGE_PROVIDER', ['openai', 'dashscope', 'sdwebui'] as const, 'openai');
  const defaults = IMAGE_DEFAULTS[provider];
  const baseUrl = (env.IMAGE_BASE_URL?.trim() || defaults.baseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(baseUrl))
    fail('IMAGE_BASE_URL', baseUrl, '应为 http:// 或 https:// 开头的地址');
  const apiKey = env.IMAGE_API_KEY?.trim() ?? '';
  if (provider !== 'sdwebui' && !apiKey) readRequired(env, 'IMAGE_API_KEY', `IMAGE_PROVIDER=${provider} `);
  const model = env.IMAGE_MODEL?.trim() || defaults.model;
  return {
    ...CHANNEL_DEFAULTS,
    kind: 'image',
    name: '默认绘画渠道',
    provider,
    baseUrl,
    keys: apiKey ? [apiKey] : [],
    models: model ? [model] : [],
    priceImage: readPrice(env, 'IMAGE_PRICE'),
  };
}

/** The fields a channel in LLM_CHANNELS / IMAGE_CHANNELS may have (`key` is one key, added to `keys`). */
const CHANNEL_FIELDS = [...Object.keys(ChannelInput.properties), 'key'];

/** The channel field `field` was most likely meant to be: one or two letters off, or a plural of it. */
function nearestField(field: string): string | null {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0] as number;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j] as number;
        row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length] as number;
  };
  const lower = field.toLowerCase();
  const scored = CHANNEL_FIELDS.map((known) => {
    const k = known.toLowerCase();
    // apiKeys, api_key, apiKey: a known field inside it counts as near.
    const inside = lower.includes(k) || (k.length > 3 && lower.includes(k.replace(/s$/, '')));
    return { known, score: inside ? 0 : distance(lower, k) };
  }).sort((a, b) => a.score - b.score);
  const best = scored[0];
  return best && best.score <= 2 ? best.known : null;
}

/** LLM_CHANNELS / IMAGE_CHANNELS: a JSON array of channels, each checked field by field. */
function readChannelList(env: Env, name: string, kind: ChannelKind): ChannelInput[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    fail(
      name,
      raw.slice(0, 40),
      '应为 JSON 数组，例如 [{"name":"DeepSeek","baseUrl":"https://api.deepseek.com/v1","keys":["sk-…"],"models":["deepseek-chat"]}]',
    );
  }
  if (!Array.isArray(list)) fail(name, raw.slice(0, 40), '应为 JSON 数组');
  return list.map((item, index) => {
    const at = `${name}[${index}]`;
    if (typeof item !== 'object' || item === null) fail(at, String(item), '应为对象');
    // A misspelt field (apiKeys for keys, priceInputs for priceInput) would start a channel with
    // no key or a price of 0 without a word: every field must be one the channel has.
    for (const field of Object.keys(item)) {
      if (CHANNEL_FIELDS.includes(field)) continue;
      const near = nearestField(field);
      fail(
        `${at}.${field}`,
        JSON.stringify((item as Record<string, unknown>)[field]).slice(0, 40),
        `没有这个字段${near ? `，是不是 ${near}？` : ''}可用的字段：${CHANNEL_FIELDS.join('、')}`,
      );
    }
    const channel = { ...CHANNEL_DEFAULTS, kind, provider: 'openai', ...(item as object) } as ChannelInput & {
      key?: string;
    };
    if (typeof channel.key === 'string') channel.keys = [...channel.keys, channel.key];
    delete channel.key;
    if (!CHANNEL_PROVIDERS[kind].includes(channel.provider))
      fail(`${at}.provider`, String(channel.provider), `应为 ${CHANNEL_PROVIDERS[kind].join('、')} 之一`);
    if (typeof channel.baseUrl !== 'string' || !/^https?:\/\/\S+$/.test(channel.baseUrl))
      fail(`${at}.baseUrl`, String(channel.baseUrl), '应为 http:// 或 https:// 开头的地址');
    if (!Value.Check(ChannelInput, channel)) {
      const first = Value.Errors(ChannelInput, channel)[0];
      fail(
        `${at}${first?.instancePath.replaceAll('/', '.') ?? ''}`,
        JSON.stringify(item).slice(0, 60),
        first?.message ?? '格式不对',
      );
    }
    return channel;
  });
}

/** CHANNEL_SECRET, the failover timings, and the seeds (shorthands, then the JSON lists). */
export function readChannels(env: Env, dataDir: string, nodeEnv: NodeEnv): ChannelsConfig {
  const seeds = [
    ...[llmShorthand(env), imageShorthand(env)].filter((seed) => seed !== null),
    ...readChannelList(env, 'LLM_CHANNELS', 'chat'),
    ...readChannelList(env, 'IMAGE_CHANNELS', 'image'),
  ];
  const names = new Set<string>();
  for (const seed of seeds) {
    const key = `${seed.kind}:${seed.name}`;
    if (names.has(key))
      fail(seed.kind === 'chat' ? 'LLM_CHANNELS' : 'IMAGE_CHANNELS', seed.name, '渠道名称重复');
    names.add(key);
  }
  return {
    secret: readSecret(env, 'CHANNEL_SECRET', dataDir),
    seeds,
    firstByteMs: readInt(env, 'CHANNEL_FIRST_BYTE_MS', 15_000, 50, 300_000),
    cooldownMs: readInt(env, 'CHANNEL_COOLDOWN_MS', 60_000, 100, 3_600_000),
    lookupTimeoutMs: readInt(env, 'CHANNEL_LOOKUP_TIMEOUT_MS', 10_000, 100, 120_000),
    privateNetworks: readPrivateNetworks(env, nodeEnv),
  };
}
