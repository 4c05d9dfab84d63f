import type { Feature, ListingText, LocaliseGlossaryMiss, LocaliseRuleResult } from '@chuhai/contract';

/** Why a task waits when the seller paused its job: the one pause that never ends by itself. */
export const SELLER_PAUSE = '已暂停';

/** What a delivered product × site keeps in `localise_tasks.result`. */
export interface TaskResult {
  listing: { text: ListingText; zh: ListingText } | null;
  fixed: boolean;
  rules: LocaliseRuleResult[];
  glossaryMisses: LocaliseGlossaryMiss[];
  ready: boolean | null;
  charged: Partial<Record<Feature, number>>;
  /** The listing saved among the seller's listings when delivered (opens in Listing 工作台). */
  listingId: number | null;
  /**
   * Stored files: the main image and each detail picture (index from 1), in the job's folder. A
   * translated picture names the 图片翻译 kept for it (`documentId`, opens in the editor).
   */
  files: TaskFile[];
}

export interface TaskFile {
  kind: 'main' | 'picture';
  key: string;
  index?: number;
  extension: string;
  translated?: boolean;
  documentId?: number;
}

export const EMPTY_RESULT: TaskResult = {
  listing: null,
  fixed: false,
  rules: [],
  glossaryMisses: [],
  ready: null,
  charged: {},
  listingId: null,
  files: [],
};

/**
 * Whether a parsed `localise_tasks.result` is what a delivery wrote (`{}` before delivery): an object
 * whose lists, where present, are lists, and whose files each have a key.
 */
export function isStoredResult(value: unknown): value is Partial<TaskResult> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const stored = value as Partial<Record<keyof TaskResult, unknown>>;
  const listOrAbsent = (list: unknown) => list === undefined || Array.isArray(list);
  return (
    listOrAbsent(stored.rules) &&
    listOrAbsent(stored.glossaryMisses) &&
    listOrAbsent(stored.files) &&
    ((stored.files as { key?: unknown }[] | undefined) ?? []).every((f) => typeof f?.key === 'string')
  );
}

/** Each delivered output is one use of its feature: the listing, the main image, each translated picture. */
export function usesOf(pictures: number): Partial<Record<Feature, number>> {
  return { chat: 1, cutout: 1, ...(pictures > 0 ? { translate: pictures } : {}) };
}

/** `u/<user>/localise/<job>/…`: everything of a job under one prefix of the seller's own. */
export const jobPrefix = (userId: number, jobId: number) => `u/${userId}/localise/${jobId}`;
