import { formatDate } from '@chuhai/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useLocaliseJobs } from '../api/get-jobs';
import { jobCountsText } from '../task-outcome';
import { JOB_STATUS } from './job-view';

/**
 * 我的出海任务, beside the form while no job is open: the jobs still kept, each opening in the address
 * (`?job=ID`), so a job started on a phone or in a tab since closed is found again. Nothing shows
 * until the seller has a job.
 */
export function RecentJobs() {
  const jobs = useLocaliseJobs();
  if (!jobs.data?.length) return null;
  return (
    <section className="localise-recent" aria-label="我的出海任务">
      <h2>我的出海任务</h2>
      <ul>
        {jobs.data.map((job) => (
          <li key={job.id}>
            <Link to={`?job=${job.id}`}>{job.title}</Link>{' '}
            <Tag color={JOB_STATUS[job.status].color}>{JOB_STATUS[job.status].text}</Tag>
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
