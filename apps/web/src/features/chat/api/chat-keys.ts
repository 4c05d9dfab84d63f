/** Query keys of the chat feature, in one place so mutations invalidate the right lists. */
export const chatKeys = {
  all: ['chat'] as const,
  conversation: () => [...chatKeys.all, 'conversation'] as const,
  history: (query?: { pageNo: number; keyword: string }) =>
    query ? ([...chatKeys.all, 'history', query] as const) : ([...chatKeys.all, 'history'] as const),
  /** The conversation list; with a keyword, one search of it. */
  conversations: (keyword?: string) =>
    keyword === undefined
      ? ([...chatKeys.all, 'conversations'] as const)
      : ([...chatKeys.all, 'conversations', keyword] as const),
  tags: () => [...chatKeys.all, 'tags'] as const,
  library: () => [...chatKeys.all, 'library'] as const,
};
