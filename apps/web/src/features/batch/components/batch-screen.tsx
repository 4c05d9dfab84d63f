import { formatDate } from '@chuhai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { List } from 'antd';
import { useSearchParams } from 'react-router';
import { SignInButton } from '../../../components/ui/sign-in-prompt';
import { StudioTabs } from '../../../components/ui/studio-tabs';
import { JobStatusTag } from '../../../entities/job/job-status';
import { useAuthStore } from '../../../stores/auth-store';
import { batchKeys } from '../api/batch-keys';
import { useBatchJobs } from '../api/get-batch-jobs';
import { BatchForm } from './batch-form';
import { BatchJobView } from './batch-job';
import '../batch.css';

/** 智能做图 · 批量: a new job on the left, the open job and the last 7 days' jobs on the right. */
export function BatchScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || null;
  const jobs = useBatchJobs();
  const client = useQueryClient();
  const open = (id: number) => setParams({ job: String(id) });

  return (
    <>
      <StudioTabs />
      <div className={jobId ? 'tool-page batch-page job-page--open' : 'tool-page batch-page'}>
        {signedIn ? (
          <BatchForm
            onStarted={(job) => {
              void client.invalidateQueries({ queryKey: batchKeys.list() });
              open(job.id);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ) : (
          <section className="tool-panel batch-form">
            <h1>批量处理</h1>
            <p className="muted">一次处理整个目录：抠图、各平台白底主图、换背景和合规报告。</p>
            <SignInButton label="登录后使用" size="large" block />
          </section>
        )}
        <div className="tool-column">
          {jobId ? <BatchJobView id={jobId} /> : null}
          {signedIn ? (
            <section aria-label="最近 7 天的任务" className="batch-jobs">
              <h2>最近 7 天的任务</h2>
              <List
                loading={jobs.isPending}
                dataSource={jobs.data ?? []}
                locale={{ emptyText: '还没有批量任务' }}
                renderItem={(job) => (
                  <List.Item
                    className={
                      job.id === jobId ? 'batch-jobs__item batch-jobs__item--open' : 'batch-jobs__item'
                    }
                    onClick={() => open(job.id)}
                    actions={[<JobStatusTag key="status" status={job.status} />]}
                  >
                    <button type="button" className="batch-jobs__open" onClick={() => open(job.id)}>
                      任务 #{job.id} · {job.total} 张 · {formatDate(job.createdAt)}
                    </button>
                  </List.Item>
                )}
              />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
