/**
 * What a test call sends. Apart from probe.ts because the routers make the call themselves
 * (probe.ts drives the routers, the routers only need these inputs).
 */

/** The probe's question: the smallest call that proves a chat channel answers. */
export const PROBE_QUESTION = {
  messages: [{ role: 'user' as const, content: '请只回复“好”。' }],
  timeoutMs: 30_000,
};

/**
 * The model name a chat channel's test sends it: the configured standard model when the channel
 * offers it (an empty list offers any, or its model map names it), else the channel's own first
 * model, so a channel whose only model is deepseek-chat is not asked for another; then the
 * channel's own name for it (modelMap). This is also the model its ledger row records.
 */
export function probeModel(
  channel: { models: string[]; modelMap: Record<string, string> },
  standard: string | null,
): string {
  const offered =
    standard !== null &&
    (channel.models.length === 0 || channel.models.includes(standard) || standard in channel.modelMap);
  const asked = (offered ? standard : channel.models[0]) ?? standard ?? 'gpt-4o-mini';
  return channel.modelMap[asked] ?? asked;
}

/** The probe's picture: a plain one, so a test costs one image and says nothing odd to the provider. */
export const PROBE_PICTURE = {
  prompt: 'a plain white ceramic mug on a white background, product photo',
  size: '1024x1024' as const,
  timeoutMs: 180_000,
};
