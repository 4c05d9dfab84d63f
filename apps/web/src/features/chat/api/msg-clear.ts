import type { DeletedResult } from '@chuhai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

/** `POST /api/v1/msgClear`: ends the current conversation; `all` deletes the whole history too. */
export const msgClear = (all: boolean) =>
  api.post<DeletedResult>('/api/v1/msgClear', all ? { all: true } : {});

export function useMsgClear() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: msgClear,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
