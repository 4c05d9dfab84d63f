import { DownOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { formatDate } from '@chuhai/contract';
import { Link } from 'react-router';
import { JobStatusTag } from '../../../entities/job/job-status';
import { useLocaliseJobs } from '../api/get-jobs';
import { jobCountsText } from '../task-outcome';

const RECENT_JOBS_ID = 'localise-recent-jobs';

/** 「我的出海任务（3） · 1 个进行中」: how many jobs are kept, and how many still run. */
export function recentJobsText(jobs: readonly { status: string }[]): string {
  const running = jobs.filter((job) => job.status === 'running').length;
  return `我的出海任务（${jobs.length}）${running > 0 ? ` · ${running} 个进行中` : ''}`;
}

/**
 * On a phone the list comes after the whole form (some 3,000 px of it); this bar at the top of the
 * page says how many jobs there are and takes the seller down to them. Hidden on wide screens, where
 * the list sits beside the form. Nothing shows until the seller has a job.
 */
export function RecentJobsJump() {
  const jobs = useLocaliseJobs();
  if (!jobs.data?.length) return null;
  return (
    <button
      type="button"
      className="localise-jump"
      onClick={() => {
        const list = document.getElementById(RECENT_JOBS_ID);
        list?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        list?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
      }}
    >
      <UnorderedListOutlined aria-hidden />
      <span className="localise-jump__text">{recentJobsText(jobs.data)}</span>
      <DownOutlined className="localise-jump__arrow" aria-hidden />
    </button>
  );
}

/**
 * 我的出海任务, beside the form while no job is open: the jobs still kept, each opening in the address
 * (`?job=ID`), so a job started on a phone or in a tab since closed is found again. Nothing shows
 * until the seller has a job.
 */
export function RecentJobs() {
  const jobs = useLocaliseJobs();
  if (!jobs.data?.length) return null;
  return (
    <section className="tool-column__card localise-recent" id={RECENT_JOBS_ID} aria-label="我的出海任务">
      {/* Focusable, so the jump from the top of the page lands here for the keyboard and screen readers too. */}
      <h2 tabIndex={-1}>我的出海任务</h2>
      <ul className="plain-list">
        {jobs.data.map((job) => (
          <li key={job.id}>
            <Link to={`?job=${job.id}`}>{job.title}</Link> <JobStatusTag status={job.status} />
            <div className="muted">
              {formatDate(job.createdAt)} · {jobCountsText(job)}
            </div>
          </li>
        ))}
      </ul>
      <p className="muted">任务和结果保留 7 天。</p>
    </section>
  );
}
