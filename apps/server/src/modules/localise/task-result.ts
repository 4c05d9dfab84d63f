import type { Feature, ListingText, LocaliseGlossaryMiss, LocaliseRuleResult } from '@chuhai/contract';

/** What a delivered product × site keeps in `localise_tasks.result`. */
export interface TaskResult {
  listing: { text: ListingText; zh: ListingText } | null;
  fixed: boolean;
  rules: LocaliseRuleResult[];
  glossaryMisses: LocaliseGlossaryMiss[];
  ready: boolean | null;
  charged: Partial<Record<Feature, number>>;
  /** Stored files: the main image and each detail picture (index from 1), in the job's folder. */
  files: { kind: 'main' | 'picture'; key: string; index?: number; extension: string }[];
}

export const EMPTY_RESULT: TaskResult = {
  listing: null,
  fixed: false,
  rules: [],
  glossaryMisses: [],
  ready: null,
  charged: {},
  files: [],
};

export function readResult(raw: string): TaskResult {
  return { ...EMPTY_RESULT, ...(JSON.parse(raw) as Partial<TaskResult>) };
}

/** Each delivered output is one use of its feature: the listing, the main image, each translated picture. */
export function usesOf(pictures: number): Partial<Record<Feature, number>> {
  return { chat: 1, cutout: 1, ...(pictures > 0 ? { translate: pictures } : {}) };
}

/** `u/<user>/localise/<job>/…`: everything of a job under one prefix of the seller's own. */
export const jobPrefix = (userId: number, jobId: number) => `u/${userId}/localise/${jobId}`;
