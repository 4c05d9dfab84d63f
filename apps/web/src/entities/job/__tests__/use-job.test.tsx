import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { showsSpending } from '../../account/spending';
import { JobActions } from '../job-actions';
import type { JobRoutes, JobSummary } from '../job-routes';
import { useJob } from '../use-job';

const POLL_MS = 20;
const ROUTES: JobRoutes = {
  base: '/api/v1/things',
  jobKey: (id) => ['things', 'job', id],
  listKey: ['things', 'list'],
  pollMs: POLL_MS,
};

const job = (status: JobSummary['status'], done: number): { job: JobSummary } => ({
  job: { id: 9, status, total: 2, counts: { done, waiting: 2 - done } },
});

/** The job's answers in turn, the last one again for every later poll; counts the polls. */
function serveJob(answers: { job: JobSummary }[]) {
  let polls = 0;
  const routes = {
    '/api/v1/things/9': () => ok(answers[Math.min(polls++, answers.length - 1)]),
  };
  return { routes, polls: () => polls };
}

/** Each fetch of today's uses and of the job list, elsewhere on the page. */
const fetched = { uses: 0, list: 0 };

function Figures() {
  useQuery({ queryKey: ['uses'], queryFn: async () => ++fetched.uses, meta: showsSpending });
  useQuery({ queryKey: ROUTES.listKey, queryFn: async () => ++fetched.list });
  return null;
}

function JobState() {
  const detail = useJob(ROUTES, 9);
  const shown = detail.data?.job;
  return shown ? <p>{`${shown.status} ${shown.counts.done}`}</p> : null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  fetched.uses = 0;
  fetched.list = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('a job followed on screen', () => {
  it('is polled while it runs and not after it ends; the uses and the list are refreshed once, at the end', async () => {
    const served = serveJob([job('running', 0), job('running', 0), job('done', 2)]);
    fakeApi(served.routes);
    renderWithApp(
      <>
        <JobState />
        <Figures />
      </>,
    );
    expect(await screen.findByText('done 2')).toBeInTheDocument();
    await wait(POLL_MS * 10);
    expect(served.polls()).toBe(3);
    // Once on first load, once when the job ended: nothing was delivered while it ran.
    expect(fetched.uses).toBe(2);
    expect(fetched.list).toBe(2);
  });

  it("refreshes today's uses as each item is delivered, while it keeps polling", async () => {
    const served = serveJob([job('running', 0), job('running', 1), job('running', 2)]);
    fakeApi(served.routes);
    const view = renderWithApp(
      <>
        <JobState />
        <Figures />
      </>,
    );
    expect(await screen.findByText('running 2')).toBeInTheDocument();
    await waitFor(() => expect(served.polls()).toBeGreaterThan(5));
    expect(fetched.uses).toBe(3);
    // The list waits for the end.
    expect(fetched.list).toBe(1);
    view.unmount();
  });
});

const DOWNLOAD = { label: '下载结果 ZIP', nothingYet: '还没有处理完成的图片' };

function Buttons({ offers }: { offers: Parameters<typeof JobActions>[0]['offers'] }) {
  const detail = useJob(ROUTES, 9);
  return detail.data ? (
    <JobActions routes={ROUTES} job={detail.data.job} offers={offers} download={DOWNLOAD} />
  ) : null;
}

describe('a job’s buttons', () => {
  it('offer what applies now; an action shows the job’s new state', async () => {
    let current = job('running', 1);
    const calls = fakeApi({
      '/api/v1/things/9': () => ok(current),
      '/api/v1/things/9/pause': () => {
        current = job('paused', 1);
        return ok(current.job);
      },
    });
    renderWithApp(<Buttons offers={{ pause: '暂停', resume: '继续', cancel: '取消' }} />);
    fireEvent.click(await screen.findByRole('button', { name: /暂\s*停/ }));
    expect(await screen.findByRole('button', { name: /继\s*续/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /暂\s*停/ })).toBeNull();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v1/things/9/pause']);
  });

  it('offer no pause where the job has none, and nothing but the ZIP once it is done', async () => {
    let current = job('running', 0);
    fakeApi({ '/api/v1/things/9': () => ok(current) });
    const view = renderWithApp(<Buttons offers={{ resume: '继续处理', cancel: '取消' }} />);
    expect(await screen.findByRole('button', { name: /取\s*消/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /暂\s*停/ })).toBeNull();
    expect(screen.getByRole('button', { name: /下载结果 ZIP/ })).toBeDisabled();
    view.unmount();

    current = job('done', 2);
    renderWithApp(<Buttons offers={{ resume: '继续处理', cancel: '取消' }} />);
    expect(await screen.findByRole('button', { name: /下载结果 ZIP/ })).toBeEnabled();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('the ZIP goes to the signed link, or says there is nothing in it yet', async () => {
    let link = '';
    fakeApi({
      '/api/v1/things/9': () => ok(job('done', 2)),
      '/api/v1/things/9/download': () => ok({ url: link }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithApp(<Buttons offers={{}} />);
    const zip = await screen.findByRole('button', { name: /下载结果 ZIP/ });
    fireEvent.click(zip);
    expect(await screen.findByText('还没有处理完成的图片')).toBeInTheDocument();
    link = '/things/9.zip?exp=1&sig=z';
    fireEvent.click(zip);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/things/9.zip?exp=1&sig=z'));
  });
});
