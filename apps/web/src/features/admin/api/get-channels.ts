import type { ChannelView } from '@chuhai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** `GET /api/admin/channels`: every channel with its state and its last 24 hours. */
export const getChannels = () => api.get<ChannelView[]>('/api/admin/channels');

export const channelsQueryOptions = () =>
  // A channel cooled or restored by a seller's call shows up without a reload.
  queryOptions({ queryKey: channelKeys.all, queryFn: getChannels, refetchInterval: 15_000 });

export const useChannels = () => useQuery(channelsQueryOptions());
