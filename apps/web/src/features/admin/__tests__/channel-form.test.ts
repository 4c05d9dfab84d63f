import { describe, expect, it } from 'vitest';
import { parseModelMap } from '../components/channel-form';
import { formatCost } from '../components/cost-format';

describe('channel form and costs', () => {
  it('reads the model map line by line and says which line is wrong', () => {
    expect(parseModelMap('gpt-4o-mini = deepseek-chat\n\nfast=qwen-turbo')).toEqual({
      'gpt-4o-mini': 'deepseek-chat',
      fast: 'qwen-turbo',
    });
    expect(parseModelMap('a=b\nonly-a-name')).toBe('第 2 行应写成「请求的模型名=服务商的模型名」');
    expect(parseModelMap('a=b=c')).toMatch(/第 1 行/);
  });

  it('shows a cost of a fraction of a fen with four decimals and larger ones with two', () => {
    expect(formatCost(0)).toBe('0');
    expect(formatCost(0.000852)).toBe('0.0009');
    expect(formatCost(12.3456)).toBe('12.35');
  });
});
