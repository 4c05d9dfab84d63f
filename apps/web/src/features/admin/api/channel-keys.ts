import type { QueryParams } from '../../../lib/api-client';

/** Query keys of the console's 渠道 and 成本 calls. */
export const channelKeys = {
  all: ['admin', 'channels'] as const,
  costs: (days: number) => ['admin', 'costs', days] as const,
  costCalls: (params: QueryParams) => ['admin', 'costs', 'calls', params] as const,
  sellerCosts: (period: string) => ['admin', 'costs', 'sellers', period] as const,
};
