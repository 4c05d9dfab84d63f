import type { LocaliseJob } from '@chuhai/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderWithApp } from '../../../test/render';
import { openStudioAsSeller, signOutOfStudio } from '../../../test/studio-seller';
import { RecentJobs, RecentJobsJump, recentJobsText } from '../components/recent-jobs';

const job = (over: Partial<LocaliseJob>): LocaliseJob => ({
  id: 9,
  status: 'done',
  title: '保温杯 等 3 个商品',
  products: 3,
  sites: ['amazon-US', 'amazon-DE'],
  total: 6,
  counts: { done: 6 },
  stages: {},
  ready: 5,
  createdAt: Date.UTC(2026, 10, 27),
  endedAt: Date.UTC(2026, 10, 27),
  expiresAt: Date.UTC(2026, 11, 4),
  ...over,
});

afterEach(signOutOfStudio);

describe('我的出海任务', () => {
  it('lists each kept job with its status and progress, opening it in the address', async () => {
    openStudioAsSeller({
      '/api/v1/localise/jobs': () =>
        ok([
          job({
            id: 12,
            status: 'running',
            title: '蓝牙耳机',
            products: 1,
            total: 2,
            counts: { done: 1, processing: 1 },
            ready: 1,
          }),
          job({}),
        ]),
    });
    renderWithApp(<RecentJobs />);
    const latest = await screen.findByRole('link', { name: '蓝牙耳机' });
    expect(latest).toHaveAttribute('href', '/screen?job=12');
    expect(screen.getByRole('link', { name: '保温杯 等 3 个商品' })).toHaveAttribute('href', '/screen?job=9');
    expect(screen.getByText('处理中')).toBeInTheDocument();
    expect(screen.getByText(/共 6 个（3 个商品 × 2 个站点）：完成 6（可以上架 5）/)).toBeInTheDocument();
  });

  it('shows nothing before the seller has a job', async () => {
    const calls = openStudioAsSeller({ '/api/v1/localise/jobs': () => ok([]) });
    const { container } = renderWithApp(<RecentJobs />);
    await expect.poll(() => calls.some((c) => c.url.includes('/localise/jobs'))).toBe(true);
    expect(container.querySelector('.localise-recent')).toBeNull();
  });

  it('the jump at the top of a phone’s page counts the jobs and the running ones, and lands on the list', async () => {
    openStudioAsSeller({
      '/api/v1/localise/jobs': () => ok([job({ id: 12, status: 'running' }), job({})]),
    });
    renderWithApp(
      <>
        <RecentJobsJump />
        <RecentJobs />
      </>,
    );
    const jump = await screen.findByRole('button', { name: '我的出海任务（2） · 1 个进行中' });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(jump);
    expect(scrolled).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: '我的出海任务' })).toHaveFocus();
  });

  it('says how many jobs run only when some do', () => {
    expect(recentJobsText([{ status: 'done' }, { status: 'cancelled' }])).toBe('我的出海任务（2）');
    expect(recentJobsText([{ status: 'running' }, { status: 'paused' }, { status: 'running' }])).toBe(
      '我的出海任务（3） · 2 个进行中',
    );
  });

  it('the jump shows nothing before the seller has a job', async () => {
    const calls = openStudioAsSeller({ '/api/v1/localise/jobs': () => ok([]) });
    renderWithApp(<RecentJobsJump />);
    await expect.poll(() => calls.some((c) => c.url.includes('/localise/jobs'))).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
