import { formatDate } from '@chuhai/contract';
import { Alert, Grid, Skeleton } from 'antd';
import { JobActions } from '../../../entities/job/job-actions';
import { JobPanel } from '../../../entities/job/job-panel';
import { JobCounts } from '../../../entities/job/job-progress';
import { LOCALISE_JOBS, useLocaliseJob } from '../api/get-job';
import { jobWhole, readyNote, reasonOf, STAGE_NAMES } from '../task-outcome';
import { JobReport } from './job-report';

/** Done, whether or not some failed: every product × site was worked on (the report says how). */
const LOCALISE_ENDS = { allDone: '已全部处理完', someFailed: '已全部处理完' };

/** One job: progress by stage and count, pause / resume / cancel, the ZIP and the report. */
export function LocaliseJobView({ id }: { id: number }) {
  const detail = useLocaliseJob(id);
  const phone = Grid.useBreakpoint().md === false;
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data)
    return <Alert type="error" showIcon title="这个出海任务不存在或已过期（任务保留 7 天）" />;
  const { job, tasks } = detail.data;
  const stages = Object.entries(job.stages).filter(([, n]) => n > 0);
  const pausedReasons = [...new Set(tasks.filter((t) => t.status === 'paused').map(reasonOf))].filter(
    Boolean,
  );

  return (
    <JobPanel
      label={`出海任务 ${job.id}`}
      title={job.title}
      subtitle={`任务 #${job.id} · ${formatDate(job.createdAt)} 创建 · 保留到 ${formatDate(job.expiresAt)}`}
      job={job}
      actions={
        <JobActions
          routes={LOCALISE_JOBS}
          job={job}
          offers={{ pause: '暂停', resume: '继续', cancel: '取消' }}
          download={{ label: '下载 ZIP', nothingYet: '还没有完成的站点' }}
        />
      }
      counts={<JobCounts job={job} whole={jobWhole(job)} doneNote={readyNote(job)} ends={LOCALISE_ENDS} />}
    >
      {stages.length > 0 ? (
        <ul className="localise-stages" aria-label="正在做">
          {stages.map(([stage, n]) => (
            <li key={stage}>
              {STAGE_NAMES[stage as keyof typeof STAGE_NAMES] ?? stage} <strong>{n}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {job.status === 'paused' ? (
        <Alert
          type="warning"
          showIcon
          title="任务已暂停"
          description={
            pausedReasons.length > 0
              ? `${pausedReasons.join('；')}。已完成的站点现在就可以下载。`
              : '没开始的站点在等待，点「继续」接着做；已完成的站点现在就可以下载。'
          }
        />
      ) : null}
      <JobReport jobId={job.id} tasks={tasks} phone={phone} />
    </JobPanel>
  );
}
