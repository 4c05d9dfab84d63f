import type { AppDeps } from '../../deps.ts';

/** What 一键出海 works with: the database and files, the queue, and the providers its steps call. */
export type LocaliseDeps = Pick<
  AppDeps,
  | 'db'
  | 'clock'
  | 'log'
  | 'files'
  | 'fileUrlSecret'
  | 'queue'
  | 'matting'
  | 'ocr'
  | 'pixels'
  | 'chatModel'
  | 'chatIdleTimeoutMs'
>;
