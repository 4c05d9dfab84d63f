import { JOB_ITEM_STATUS_NAMES, type JobItemStatus } from '@chuhai/contract';
import { Progress, Typography } from 'antd';
import { Fragment } from 'react';
import type { JobSummary } from './job-routes';

type ProgressOf = Pick<JobSummary, 'status' | 'total' | 'counts'>;

/**
 * How far a job is: items finished (done, failed or cancelled) out of all, and the bar's colour. Red
 * only when nothing came out of it (every item failed): a job where 3 of 100 failed delivered 97,
 * and a red bar told the seller it had failed; the failures are counted in words beside the bar
 * instead. A finished job is green; paused or cancelled, blue.
 */
export function jobProgress(job: ProgressOf) {
  const c = job.counts;
  const finished = (c.done ?? 0) + (c.failed ?? 0) + (c.cancelled ?? 0);
  const percent = Math.round((finished / Math.max(1, job.total)) * 100);
  const status =
    job.status === 'running'
      ? 'active'
      : job.total > 0 && c.failed === job.total
        ? 'exception'
        : job.status === 'done'
          ? 'success'
          : 'normal';
  return { finished, percent, status } as const;
}

/** The order a seller follows the counts in; 完成 always, the others when there are any. */
const COUNTED: readonly JobItemStatus[] = ['done', 'processing', 'waiting', 'paused', 'failed', 'cancelled'];

/** The counts to say: 完成 (even 0), then each other state that has items. */
export function countParts(counts: JobSummary['counts']) {
  return COUNTED.map((status) => ({ status, n: counts[status] ?? 0 })).filter(
    (part) => part.status === 'done' || part.n > 0,
  );
}

/** 「共 6 个：完成 4（可以上架 3），处理中 1，失败 1」 as plain text, for a list of jobs. */
export function countsText(job: Pick<JobSummary, 'counts'>, whole: string, doneNote = '') {
  const parts = countParts(job.counts).map(
    ({ status, n }) => `${JOB_ITEM_STATUS_NAMES[status]} ${n}${status === 'done' && n > 0 ? doneNote : ''}`,
  );
  return `${whole}：${parts.join('，')}`;
}

/** What a stopped job adds after its counts. */
export interface EndWords {
  /** Done, nothing failed. */
  allDone: string;
  /** Done, some failed. */
  someFailed: string;
}

function ending(job: ProgressOf, words: EndWords) {
  if (job.status === 'cancelled') return ' · 已取消';
  if (job.status !== 'done') return '';
  return ` · ${(job.counts.failed ?? 0) > 0 ? words.someFailed : words.allDone}`;
}

/** The bar. */
export function JobProgress({ job }: { job: ProgressOf }) {
  const { percent, status } = jobProgress(job);
  return <Progress percent={percent} status={status} />;
}

/**
 * The counts under the bar, read out as they change (`role="status"`): 「共 3 张：完成 2，失败 1 ·
 * 已处理完」. 失败 in warning colour, in danger colour when every item failed.
 */
export function JobCounts(props: { job: ProgressOf; whole: string; doneNote?: string; ends: EndWords }) {
  const { job } = props;
  const allFailed = jobProgress(job).status === 'exception';
  return (
    <p className="job-panel__counts" role="status">
      {props.whole}：
      {countParts(job.counts).map(({ status, n }, i) => (
        <Fragment key={status}>
          {i > 0 ? '，' : ''}
          {status === 'failed' ? (
            <Typography.Text type={allFailed ? 'danger' : 'warning'}>{`失败 ${n}`}</Typography.Text>
          ) : (
            `${JOB_ITEM_STATUS_NAMES[status]} ${n}`
          )}
          {status === 'done' && n > 0 ? (props.doneNote ?? '') : ''}
        </Fragment>
      ))}
      {ending(job, props.ends)}
    </p>
  );
}
