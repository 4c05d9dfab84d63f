/** Query keys of the console's 渠道 and 成本 calls. */
export const channelKeys = {
  all: ['admin', 'channels'] as const,
  costs: (days: number) => ['admin', 'costs', days] as const,
};
