import { type MessagePage, PAGE_SIZE } from '@chuhai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

export interface HistoryParams {
  pageNo: number;
  keyword: string;
}

/** `GET /api/v1/getMsgHistoryList`: every past exchange, newest first, searched by keyword. */
export const getMsgHistoryList = ({ pageNo, keyword }: HistoryParams) =>
  api.get<MessagePage>('/api/v1/getMsgHistoryList', {
    pageNo,
    pageSize: PAGE_SIZE.messages,
    keyword: keyword.trim() || undefined,
  });

export const msgHistoryQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: chatKeys.history(params),
    queryFn: () => getMsgHistoryList(params),
    placeholderData: keepPreviousData,
  });

export const useMsgHistoryList = (params: HistoryParams) => useQuery(msgHistoryQueryOptions(params));
