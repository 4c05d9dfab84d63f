import { useQueryClient } from '@tanstack/react-query';
import { accountInfoKey } from '../../../entities/account/get-account-info';
import { studioKeys } from './studio-keys';

/** After every run the remaining uses and 最近作品 change: refresh both. */
export function useRefreshAfterRun() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountInfoKey }),
      client.invalidateQueries({ queryKey: studioKeys.recent }),
    ]);
}
