import type { CreateMsgTagBody, DeletedResult, EditMsgTagBody, MsgTag, MsgTagPage } from '@chuhai/contract';
import { CHAT_LIMITS } from '@chuhai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { chatKeys } from './chat-keys';

/** `GET /api/v1/getMsgTagList`: the user's tags (all of them: at most 50, one page). */
export const getMsgTagList = () =>
  api.get<MsgTagPage>('/api/v1/getMsgTagList', { pageNo: 1, pageSize: CHAT_LIMITS.tagsPerUser });

export const msgTagsQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: chatKeys.tags(), queryFn: getMsgTagList, enabled: Boolean(token) });

export function useMsgTags() {
  const token = useAuthStore((s) => s.token);
  return useQuery(msgTagsQueryOptions(token));
}

/** `POST /api/v1/creatMsgTag` */
export const createMsgTag = (body: CreateMsgTagBody) => api.post<MsgTag>('/api/v1/creatMsgTag', body);
/** `POST /api/v1/editMsgTag` */
export const editMsgTag = (body: EditMsgTagBody) => api.post<MsgTag>('/api/v1/editMsgTag', body);
/** `GET /api/v1/deleteMsgTag?ids=1,2` */
export const deleteMsgTag = (ids: readonly number[]) =>
  api.get<DeletedResult>('/api/v1/deleteMsgTag', { ids: ids.join(',') });

/** Create or edit, by whether the body has an id; the tag list refreshes after. */
export function useSaveMsgTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMsgTagBody & { id?: number }) =>
      body.id ? editMsgTag({ ...body, id: body.id }) : createMsgTag(body),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.tags() }),
  });
}

export function useDeleteMsgTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMsgTag,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.tags() }),
  });
}
