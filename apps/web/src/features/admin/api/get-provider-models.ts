import type { ChannelModels, ChannelModelsBody } from '@chuhai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/admin/channels/models` (获取模型列表): the provider's models, asked on the server with
 * the typed key or, left empty on a saved channel, its stored key. Silent: the dialog shows why.
 */
export const getProviderModels = (body: ChannelModelsBody) =>
  api.post<ChannelModels>('/api/admin/channels/models', body, { silent: true });

export function useProviderModels() {
  return useMutation({ mutationFn: getProviderModels });
}
