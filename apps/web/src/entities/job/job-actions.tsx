import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { type JobAction, type JobRoutes, type JobSummary, jobDownloadLink } from './job-routes';
import { useJobAction } from './use-job';

/** Which actions this kind of job offers, each with its label (批量处理 has no pause). */
export type JobOffers = Partial<Record<JobAction, string>>;

/** When an action applies: pause a running job, resume a paused one, cancel either. */
const APPLIES: Record<JobAction, (status: JobSummary['status']) => boolean> = {
  pause: (status) => status === 'running',
  resume: (status) => status === 'paused',
  cancel: (status) => status === 'running' || status === 'paused',
};

const ORDER: readonly JobAction[] = ['pause', 'resume', 'cancel'];

export interface DownloadWords {
  /** The button: 「下载结果 ZIP」. */
  label: string;
  /** Said when the server has nothing to put in the ZIP yet. */
  nothingYet: string;
}

/**
 * A job's buttons: the actions that apply to it now, then the results ZIP (a signed link the
 * browser follows; disabled until an item is done). While one action is sent the others wait.
 */
export function JobActions(props: {
  routes: JobRoutes;
  job: Pick<JobSummary, 'id' | 'status' | 'counts'>;
  offers: JobOffers;
  download: DownloadWords;
}) {
  const { routes, job, offers, download } = props;
  const act = useJobAction(routes);
  const { message } = App.useApp();

  const fetchZip = async () => {
    const { url } = await jobDownloadLink(routes, job.id);
    if (url) window.location.assign(url);
    else void message.info(download.nothingYet);
  };

  return (
    <div className="job-panel__actions">
      {ORDER.filter((action) => offers[action] && APPLIES[action](job.status)).map((action) => (
        <Button
          key={action}
          danger={action === 'cancel'}
          loading={act.isPending && act.variables?.action === action}
          disabled={act.isPending && act.variables?.action !== action}
          onClick={() => act.mutate({ id: job.id, action })}
        >
          {offers[action]}
        </Button>
      ))}
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        disabled={!job.counts.done}
        // A failed request has already said why (the API client's message).
        onClick={() => void fetchZip().catch(() => undefined)}
      >
        {download.label}
      </Button>
    </div>
  );
}
