import type { ReactNode } from 'react';
import { JobProgress } from './job-progress';
import type { JobSummary } from './job-routes';
import { JobStatusTag } from './job-status';
import './job.css';

/**
 * The frame of one open job, the same for 批量处理 and 一键出海: its name, state and dates with the
 * buttons beside them, the bar, the counts, then what the screen shows of its items.
 */
export function JobPanel(props: {
  /** The region's name, what a screen reader and the tests find it by: 「批量任务 9」. */
  label: string;
  title: ReactNode;
  subtitle: ReactNode;
  actions: ReactNode;
  job: Pick<JobSummary, 'status' | 'total' | 'counts'>;
  /** The counts under the bar (`JobCounts`). */
  counts: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="tool-column__card job-panel" aria-label={props.label}>
      <header className="job-panel__head">
        <div>
          <h2>
            {props.title} <JobStatusTag status={props.job.status} />
          </h2>
          <span className="muted">{props.subtitle}</span>
        </div>
        {props.actions}
      </header>
      <JobProgress job={props.job} />
      {props.counts}
      {props.children}
    </section>
  );
}
