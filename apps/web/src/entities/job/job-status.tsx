import { JOB_ITEM_STATUS_NAMES, type JobItemStatus, type JobStatus } from '@chuhai/contract';
import { Tag } from 'antd';

/** One colour per state, for a job and for its items alike: running blue, paused orange, failed red. */
export const STATUS_COLORS: Record<JobStatus | JobItemStatus, string> = {
  waiting: 'default',
  running: 'processing',
  processing: 'processing',
  done: 'success',
  failed: 'error',
  paused: 'warning',
  cancelled: 'default',
};

/** A whole job's state in words (an item's are the contract's JOB_ITEM_STATUS_NAMES). */
export const JOB_STATUS_NAMES: Record<JobStatus, string> = {
  running: '处理中',
  paused: '已暂停',
  done: '已完成',
  cancelled: '已取消',
};

/** 处理中, 已暂停, 已完成, 已取消: a job's state. */
export function JobStatusTag({ status }: { status: JobStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{JOB_STATUS_NAMES[status]}</Tag>;
}

/** 等待, 处理中, 完成, 失败, 已暂停, 已取消: one item's state. */
export function ItemStatusTag({ status }: { status: JobItemStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{JOB_ITEM_STATUS_NAMES[status]}</Tag>;
}
