import type { StudioImageKind } from '@chuhai/contract';

/** Query keys of the studio feature, in one place so a run or a delete refreshes 最近作品 (or the 术语表). */
export const studioKeys = {
  categories: ['studio', 'categories'] as const,
  backgrounds: (categoryId: string, pageNo: number) => ['studio', 'backgrounds', categoryId, pageNo] as const,
  recent: ['studio', 'recent'] as const,
  /** 图片翻译's 术语表. */
  glossary: ['studio', 'glossary'] as const,
  /** One translation, as 继续编辑 opens it. */
  translation: (id: number) => ['studio', 'translation', id] as const,
  /** One 抠图 or 换背景 work, as 继续编辑 opens it. */
  work: (id: number) => ['studio', 'work', id] as const,
  recentPage: (kinds: readonly StudioImageKind[], pageNo: number) =>
    ['studio', 'recent', kinds.join(','), pageNo] as const,
};
