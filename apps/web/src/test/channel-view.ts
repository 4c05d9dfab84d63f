import { CHANNEL_DEFAULTS, type ChannelView } from '@chuhai/contract';

// A channel read from the environment starts with the console's defaults; its keys show only as tails.
const { keys: _keys, ...defaults } = CHANNEL_DEFAULTS;

/** A healthy chat channel from the environment, unpriced and unused; `over` sets what a test is about. */
export const channelView = (over: Partial<ChannelView> = {}): ChannelView => ({
  id: 1,
  kind: 'chat',
  name: '主渠道',
  provider: 'openai',
  baseUrl: 'https://api.example.com/v1',
  ...defaults,
  keyTails: ['abcd'],
  restingKeyTails: [],
  models: ['gpt-4o-mini'],
  fromEnv: true,
  state: 'healthy',
  stateReason: '',
  cooldownUntil: null,
  calls: 0,
  errors: 0,
  avgFirstByteMs: null,
  balanceQuery: true,
  balance: null,
  ...over,
});
