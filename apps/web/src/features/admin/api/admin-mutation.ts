import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { adminKeys } from './admin-keys';

/** Any change: everything the console shows may have moved (lists, details, the log). */
export function useAdminMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A change here also changes what sellers see: their cached plans, limits and announcements go too. */
export function useSettingsMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        ...[['admin'], ['products'], ['limits'], ['announcements']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
        // A new daily limit changes what every 今日剩余 and 用量 estimate says.
        invalidateSpending(client),
      ]),
  });
}
