import { type Env, readInt, readRequired } from './read-env.ts';

/** The chat models sellers choose between; which channel answers is the channels' business. */
export interface LlmConfig {
  /** chatType 1; null: the first model offered by the first chat channel. */
  modelStandard: string | null;
  /** chatType 2 (VIP); null when the operator offers one model only. */
  modelAdvanced: string | null;
  /** The longest answer asked for (`max_tokens`), so one question cannot run up an unbounded bill. */
  maxTokens: number;
}

export interface ChatStreamConfig {
  /** The upstream may stay silent this long (before the first token or between two) before we give up. */
  idleTimeoutMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

/** The chat models offered to sellers and the longest answer asked for. */
export function readLlm(env: Env): LlmConfig {
  if (env.LLM_BASE_URL?.trim() && !env.LLM_MODEL_STANDARD?.trim())
    readRequired(env, 'LLM_MODEL_STANDARD', 'LLM_BASE_URL 已设置、配置 AI 问答');
  return {
    modelStandard: env.LLM_MODEL_STANDARD?.trim() || null,
    modelAdvanced: env.LLM_MODEL_ADVANCED?.trim() || null,
    maxTokens: readInt(env, 'LLM_MAX_TOKENS', 4096, 64, 65_536),
  };
}
