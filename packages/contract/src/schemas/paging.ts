import { type TProperties, type TSchema, Type } from 'typebox';

/**
 * Page sizes of every list, said once: the server's default when a client sends none, and what
 * the web client asks for. A list's largest page is `PAGE_SIZE_MAX`.
 */
export const PAGE_SIZE = {
  orders: 15,
  messages: 20,
  /** AI 问答's past conversations, beside the chat. */
  conversations: 20,
  tags: 20,
  inviteHistory: 5,
  /** AI 绘画 gallery. */
  drawings: 12,
  /** 智能做图 最近作品. */
  recentImages: 12,
  /** 运营后台 lists. */
  adminUsers: 20,
  adminOrders: 20,
  audit: 30,
  /** 成本 · 调用明细. */
  costCalls: 20,
  redeemBatches: 20,
  /** 背景库 designs in the picker. */
  backgrounds: 12,
  /** Listing 工作台 saved listings. */
  listings: 10,
} as const;
export type PageSizeName = keyof typeof PAGE_SIZE;

export const PAGE_SIZE_MAX = 100;

/** `pageNo` and `pageSize` of a list call, with the list's own default size, plus its filters. */
export function PageQuery<T extends TProperties = Record<never, never>>(list: PageSizeName, filters?: T) {
  return Type.Object({
    pageNo: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE[list] })),
    ...(filters ?? ({} as T)),
  });
}

/** One page of a list: the items, how many there are in all, and which page this is. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

/** A page request after defaults are applied. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}
