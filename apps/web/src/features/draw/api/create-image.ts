import type { CreatedImage, CreateImageBody } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSpending } from '../../../entities/account/spending';
import { api } from '../../../lib/api-client';
import { drawKeys } from './draw-keys';

/**
 * `POST /api/v1/createImage/` {prompt, imageSize, count}: no timeout, no toast (the screen shows the
 * error). With `count` the answer carries the whole group.
 */
export const createImage = (body: CreateImageBody) =>
  api.post<CreatedImage>('/api/v1/createImage/', body, { silent: true });

export function useCreateImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createImage,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: drawKeys.gallery() });
      void invalidateSpending(client);
    },
  });
}
