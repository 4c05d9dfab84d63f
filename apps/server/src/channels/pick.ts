/** What picking needs of a channel. */
export interface Weighted {
  priority: number;
  weight: number;
}

/**
 * The order to try channels in: the highest priority first; inside one priority, a weighted random
 * order (Efraimidis–Spirakis: each channel draws `u^(1/weight)` and the largest goes first), so a
 * channel of weight 3 comes first three times as often as one of weight 1 and the rest of the tier
 * follows as fallbacks.
 */
export function tryOrder<T extends Weighted>(
  channels: readonly T[],
  random: () => number = Math.random,
): T[] {
  const keyed = channels.map((channel) => ({
    channel,
    key: random() ** (1 / Math.max(1, channel.weight)),
  }));
  keyed.sort((a, b) => b.channel.priority - a.channel.priority || b.key - a.key);
  return keyed.map((k) => k.channel);
}

/** What candidate filtering needs of a channel. */
export interface Candidate extends Weighted {
  models: string[];
  modelMap: Record<string, string>;
  cooling: boolean;
}

/**
 * The channels to try for one call, in order: those that offer the model (an empty list offers any),
 * healthy or due a trial, by priority and weight; then, only as a last resort, the cooling ones, so
 * a call still has a chance when every channel is cooling.
 */
export function candidates<T extends Candidate>(
  channels: readonly T[],
  model: string | null,
  random: () => number = Math.random,
): T[] {
  const offering = channels.filter(
    (c) => model === null || c.models.length === 0 || c.models.includes(model) || model in c.modelMap,
  );
  return [
    ...tryOrder(
      offering.filter((c) => !c.cooling),
      random,
    ),
    ...tryOrder(
      offering.filter((c) => c.cooling),
      random,
    ),
  ];
}
