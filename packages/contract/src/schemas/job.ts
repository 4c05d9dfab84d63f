import { type Static, Type } from 'typebox';

/**
 * A job of many items worked on the durable queue (批量处理's images, 一键出海's product × site). Both
 * go through the same states, so the server's shared job machinery and both pages read them alike.
 */
export const JOB_STATUSES = ['running', 'paused', 'done', 'cancelled'] as const;
export const JobStatus = Type.Enum(JOB_STATUSES);
export type JobStatus = Static<typeof JobStatus>;

/**
 * One item of a job: waiting for a worker, being made, delivered (and charged), failed (charged
 * nothing), paused (the seller's pause or today's quota) or cancelled.
 */
export const JOB_ITEM_STATUSES = ['waiting', 'processing', 'done', 'failed', 'paused', 'cancelled'] as const;
export type JobItemStatus = (typeof JOB_ITEM_STATUSES)[number];
export const JOB_ITEM_STATUS_NAMES: Record<JobItemStatus, string> = {
  waiting: '等待',
  processing: '处理中',
  done: '完成',
  failed: '失败',
  paused: '已暂停',
  cancelled: '已取消',
};
export const JobItemStatus = Type.Enum(JOB_ITEM_STATUSES);

/** The `:id` of a job's routes. */
export const JobIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
