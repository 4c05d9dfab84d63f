import type { ChannelView } from '@chuhai/contract';

/** A healthy chat channel from the environment, unpriced and unused; `over` sets what a test is about. */
export const channelView = (over: Partial<ChannelView> = {}): ChannelView => ({
  id: 1,
  kind: 'chat',
  name: '主渠道',
  provider: 'openai',
  baseUrl: 'https://api.example.com/v1',
  keyTails: ['abcd'],
  restingKeyTails: [],
  models: ['gpt-4o-mini'],
  modelMap: {},
  priority: 0,
  weight: 1,
  enabled: true,
  priceInput: 0,
  priceOutput: 0,
  priceImage: 0,
  fromEnv: true,
  state: 'healthy',
  stateReason: '',
  cooldownUntil: null,
  calls: 0,
  errors: 0,
  avgFirstByteMs: null,
  ...over,
});
