import { DownloadOutlined } from '@ant-design/icons';
import { formatDate, type LocaliseJob } from '@chuhai/contract';
import { Alert, App, Button, Grid, Progress, Skeleton, Tag } from 'antd';
import { localiseDownloadLink } from '../api/get-download-link';
import { useLocaliseJob } from '../api/get-job';
import { type JobAction, useJobAction } from '../api/job-actions';
import { jobCountsText, jobPercent, STAGE_NAMES } from '../task-outcome';
import { JobReport } from './job-report';

export const JOB_STATUS: Record<LocaliseJob['status'], { text: string; color: string }> = {
  running: { text: '处理中', color: 'processing' },
  paused: { text: '已暂停', color: 'warning' },
  done: { text: '已完成', color: 'success' },
  cancelled: { text: '已取消', color: 'default' },
};

/** Red only when nothing came out; a finished job green; paused or cancelled, blue. */
function progressStatus(job: LocaliseJob) {
  if (job.status === 'running') return 'active';
  if (job.total > 0 && job.counts.failed === job.total) return 'exception';
  return job.status === 'done' ? 'success' : 'normal';
}

/** One job: progress by stage and count, pause / resume / cancel, the ZIP and the report. */
export function LocaliseJobView({ id }: { id: number }) {
  const detail = useLocaliseJob(id);
  const act = useJobAction();
  const { message } = App.useApp();
  const phone = Grid.useBreakpoint().md === false;
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data)
    return <Alert type="error" showIcon title="这个出海任务不存在或已过期（任务保留 7 天）" />;
  const { job, tasks } = detail.data;
  const stages = Object.entries(job.stages).filter(([, n]) => n > 0);
  const pausedReasons = [
    ...new Set(tasks.filter((t) => t.status === 'paused' && t.reason).map((t) => t.reason)),
  ];

  const run = (action: JobAction) => act.mutate({ id: job.id, action });
  const download = async () => {
    const { url } = await localiseDownloadLink(job.id);
    if (!url) {
      void message.info('还没有完成的站点');
      return;
    }
    window.location.assign(url);
  };

  return (
    <section className="localise-job" aria-label={`出海任务 ${job.id}`}>
      <header className="localise-job__head">
        <div>
          <h2>
            {job.title} <Tag color={JOB_STATUS[job.status].color}>{JOB_STATUS[job.status].text}</Tag>
          </h2>
          <span className="muted">
            任务 #{job.id} · {formatDate(job.createdAt)} 创建 · 保留到 {formatDate(job.expiresAt)}
          </span>
        </div>
        <div className="localise-job__actions">
          {job.status === 'running' ? (
            <Button loading={act.isPending && act.variables?.action === 'pause'} onClick={() => run('pause')}>
              暂停
            </Button>
          ) : null}
          {job.status === 'paused' ? (
            <Button
              loading={act.isPending && act.variables?.action === 'resume'}
              onClick={() => run('resume')}
            >
              继续
            </Button>
          ) : null}
          {job.status === 'running' || job.status === 'paused' ? (
            <Button
              danger
              loading={act.isPending && act.variables?.action === 'cancel'}
              onClick={() => run('cancel')}
            >
              取消
            </Button>
          ) : null}
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!job.counts.done}
            onClick={() => void download()}
          >
            下载 ZIP
          </Button>
        </div>
      </header>
      <Progress percent={jobPercent(job)} status={progressStatus(job)} />
      <p className="localise-job__counts" role="status">
        {jobCountsText(job)}
        {job.status === 'done' ? ' · 已全部处理完' : job.status === 'cancelled' ? ' · 已取消' : ''}
      </p>
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
    </section>
  );
}
