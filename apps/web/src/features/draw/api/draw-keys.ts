/** Query keys of AI 绘画: a new or deleted drawing refreshes every page of the gallery. */
export const drawKeys = {
  gallery: (pageNo?: number) =>
    pageNo ? (['draw', 'gallery', pageNo] as const) : (['draw', 'gallery'] as const),
};
