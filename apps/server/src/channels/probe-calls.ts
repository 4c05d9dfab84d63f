/**
 * What a test call sends. Apart from probe.ts because the routers make the call themselves
 * (probe.ts drives the routers, the routers only need these inputs).
 */

/** The probe's question: the smallest call that proves a chat channel answers. */
export const PROBE_QUESTION = {
  messages: [{ role: 'user' as const, content: '请只回复“好”。' }],
  timeoutMs: 30_000,
};

/** The probe's picture: a plain one, so a test costs one image and says nothing odd to the provider. */
export const PROBE_PICTURE = {
  prompt: 'a plain white ceramic mug on a white background, product photo',
  size: '1024x1024' as const,
  timeoutMs: 180_000,
};
