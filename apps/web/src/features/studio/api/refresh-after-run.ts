import { useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { studioKeys } from './studio-keys';

/** After every run the remaining uses and 最近作品 change: refresh both. */
export function useRefreshAfterRun() {
  const client = useQueryClient();
  return () =>
    Promise.all([invalidateSpending(client), client.invalidateQueries({ queryKey: studioKeys.recent })]);
}
