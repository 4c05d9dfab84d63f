import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountInfoQueryOptions } from '../get-account-info';
import { invalidateSpending, showsSpending } from '../spending';

describe('invalidateSpending', () => {
  it('refreshes exactly the queries that show uses, VIP or a balance', async () => {
    const client = new QueryClient();
    const answer = async () => ({});
    await client.prefetchQuery({ ...accountInfoQueryOptions('tok-1'), queryFn: answer as never });
    await client.prefetchQuery({
      queryKey: ['localise', 'estimate', 'x'],
      queryFn: answer,
      meta: showsSpending,
    });
    await client.prefetchQuery({ queryKey: ['listing', 'page', 1], queryFn: answer });
    await client.prefetchQuery({ queryKey: ['limits'], queryFn: answer });

    await invalidateSpending(client);

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(['account-info', 'tok-1'])).toBe(true);
    expect(invalidated(['localise', 'estimate', 'x'])).toBe(true);
    expect(invalidated(['listing', 'page', 1])).toBe(false);
    expect(invalidated(['limits'])).toBe(false);
  });
});
