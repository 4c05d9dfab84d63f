import type { BatchItem, BatchJobDetail } from '@chuhai/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { screenWidth } from '../../../test/screen-width';
import { eachTestSignedIn } from '../../../test/seller';
import { BatchJobView } from '../components/batch-job';
import { worthSending } from '../folder-files';

const detail = (status: BatchJobDetail['job']['status']): BatchJobDetail => ({
  job: {
    id: 9,
    status,
    steps: { cutout: true, marketplaces: ['amazon'], backgroundColor: null },
    total: 3,
    counts: { waiting: 0, processing: 0, done: 2, failed: 0, paused: 1, cancelled: 0 },
    refused: [{ name: 'notes.jpg', reason: '文件内容不是图片（可能只是改了扩展名）' }],
    createdAt: Date.UTC(2026, 10, 23),
    endedAt: null,
    expiresAt: Date.UTC(2026, 10, 30),
  },
  items: [
    {
      id: 1,
      name: 'a.jpg',
      status: 'done',
      reason: '',
      checks: [{ marketplace: 'amazon', originalPass: false, pass: true }],
      thumbnailUrl: '/files/b/1-thumbnail.webp?exp=1&sig=a',
      previewUrl: '/files/b/1-amazon.jpg?exp=1&sig=b',
      residual: null,
    },
    {
      id: 2,
      name: 'b.jpg',
      status: 'done',
      reason: '',
      checks: [{ marketplace: 'amazon', originalPass: true, pass: true }],
      thumbnailUrl: '/files/b/2-thumbnail.webp?exp=1&sig=c',
      previewUrl: '/files/b/2-amazon.jpg?exp=1&sig=d',
      residual: null,
    },
    {
      id: 3,
      name: 'c.jpg',
      status: 'paused',
      reason: '今日免费抠图与主图额度（10 张）已用完',
      checks: [],
      thumbnailUrl: null,
      previewUrl: null,
      residual: null,
    },
  ],
});

/** A figure of today's 抠图 uses somewhere else on the page. */
function CutoutsLeft() {
  const cutout = useAccountInfo().data?.usage.find((u) => u.feature === 'cutout');
  return cutout ? <p>{`抠图今日剩余 ${cutout.limit - cutout.used}/${cutout.limit}`}</p> : null;
}

describe('a batch job', () => {
  eachTestSignedIn();

  it("each image done refreshes today's uses on the page without a reload", async () => {
    let current = detail('running');
    current.job.counts = { waiting: 1, processing: 0, done: 0, failed: 0, paused: 0, cancelled: 0 };
    let used = 0;
    fakeApi({
      '/api/v1/batch/jobs/9': () => ok(current),
      '/api/v1/info': () => ok({ usage: [{ feature: 'cutout', name: '抠图', used, limit: 10 }] }),
    });
    renderWithApp(
      <>
        <BatchJobView id={9} />
        <CutoutsLeft />
      </>,
    );
    expect(await screen.findByText('抠图今日剩余 10/10')).toBeInTheDocument();
    used = 1;
    current = detail('running');
    current.job.counts = { waiting: 0, processing: 1, done: 1, failed: 0, paused: 0, cancelled: 0 };
    expect(await screen.findByText('抠图今日剩余 9/10', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the counts, why an image is paused, the refused files and 继续处理 for a paused job', async () => {
    let current = detail('paused');
    const calls = fakeApi({
      '/api/v1/batch/jobs/9': () => ok(current),
      '/api/v1/batch/jobs/9/resume': () => {
        current = {
          ...detail('running'),
          job: { ...detail('running').job, counts: { ...current.job.counts, paused: 0, waiting: 1 } },
        };
        return ok(current.job);
      },
    });
    renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText(/共 3 张：完成 2.*已暂停 1/)).toBeInTheDocument();
    expect(screen.getByText('今日免费抠图与主图额度（10 张）已用完')).toBeInTheDocument();
    expect(screen.getByText('亚马逊 Amazon：不通过 → 通过')).toBeInTheDocument();
    fireEvent.click(screen.getByText('1 个文件没有处理（不扣次数）'));
    expect(await screen.findByText(/「notes\.jpg」文件内容不是图片/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '继续处理' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/batch/jobs/9/resume')).toBe(true));
    expect(await screen.findByText(/等待 1/)).toBeInTheDocument();
  });

  it('shows a thumbnail of each result, and for a failed image a cross and its reason', async () => {
    const done = detail('done');
    done.items.push({
      id: 4,
      name: 'blank.png',
      status: 'failed',
      reason: '没有在图片里找到产品，请换一张产品清晰、主体完整的照片',
      checks: [],
      thumbnailUrl: null,
      previewUrl: null,
      residual: null,
    });
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(done) });
    renderWithApp(<BatchJobView id={9} />);
    const thumbnail = await screen.findByRole('img', { name: 'a.jpg 的处理结果' });
    expect(thumbnail).toHaveAttribute('src', '/files/b/1-thumbnail.webp?exp=1&sig=a');
    const failed = screen.getByRole('row', { name: /blank\.png/ });
    expect(within(failed).getByRole('img', { name: '处理失败' })).toBeInTheDocument();
    expect(within(failed).getByText('没有在图片里找到产品，请换一张产品清晰、主体完整的照片')).toHaveClass(
      'batch-item-reason--failed',
    );
  });

  it('says beside each picture of a 图片翻译 job whether Chinese is left on it, as report.csv does', async () => {
    const done = detail('done');
    done.job.steps = { ...done.job.steps, translate: 'vi' };
    done.items = done.items.slice(0, 2);
    done.items[0] = { ...(done.items[0] as BatchItem), residual: 6 };
    done.items[1] = { ...(done.items[1] as BatchItem), residual: 0 };
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(done) });
    renderWithApp(<BatchJobView id={9} />);
    const left = await screen.findByText('图片翻译：残留中文 6 个字');
    expect(within(screen.getByRole('row', { name: /a\.jpg/ })).getByText('图片翻译：残留中文 6 个字')).toBe(
      left,
    );
    expect(left).toHaveClass('ant-tag-error');
    expect(
      within(screen.getByRole('row', { name: /b\.jpg/ })).getByText('图片翻译：没有残留中文'),
    ).toHaveClass('ant-tag-success');
  });

  it('calls what is left on a picture translated into Traditional Chinese Simplified, not 「中文」', async () => {
    const done = detail('done');
    done.job.steps = { ...done.job.steps, translate: 'zh-TW' };
    done.items = [{ ...(done.items[0] as BatchItem), residual: 2 }];
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(done) });
    renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText('图片翻译：残留简体中文 2 个字')).toHaveClass('ant-tag-error');
  });

  it('keeps a result’s thumbnail, and the preview opened from it, through the next poll of a running job', async () => {
    let polls = 0;
    fakeApi({
      '/api/v1/batch/jobs/9': () => {
        polls += 1;
        // Each poll a fresh answer: the third image moves on, the first two are as they were.
        const running = detail('running');
        running.items[2] = {
          ...(running.items[2] as BatchItem),
          status: polls > 1 ? 'processing' : 'waiting',
        };
        return ok(running);
      },
    });
    const { queryClient } = renderWithApp(<BatchJobView id={9} />);
    const thumbnail = await screen.findByRole('img', { name: 'a.jpg 的处理结果' });
    fireEvent.click(thumbnail);
    expect(await screen.findByRole('dialog', { name: 'a.jpg 的处理结果' })).toBeInTheDocument();

    await act(() => queryClient.refetchQueries());
    expect(polls).toBe(2);
    expect(await screen.findByRole('row', { name: /c\.jpg.*处理中/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('img', { name: 'a.jpg 的处理结果' })).toBe(thumbnail);
    expect(screen.getByRole('dialog', { name: 'a.jpg 的处理结果' })).toBeInTheDocument();
  });

  it('keeps the bar out of red when only some images failed, and says how many failed in warning colour', async () => {
    const partly = detail('done');
    partly.job.total = 100;
    partly.job.counts = { waiting: 0, processing: 0, done: 97, failed: 3, paused: 0, cancelled: 0 };
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(partly) });
    const { container } = renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText('失败 3')).toHaveClass('ant-typography-warning');
    const bar = container.querySelector('.ant-progress');
    expect(bar).not.toHaveClass('ant-progress-status-exception');
    expect(bar).toHaveClass('ant-progress-status-success');
  });

  it('says 已处理完, not 已全部完成, when some images failed', async () => {
    const partly = detail('done');
    partly.job.counts = { waiting: 0, processing: 0, done: 2, failed: 1, paused: 0, cancelled: 0 };
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(partly) });
    renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText(/已处理完/)).toBeInTheDocument();
    expect(screen.queryByText(/已全部完成/)).toBeNull();
  });

  it('on a phone puts each image’s status and checks under its name, with nothing to scroll sideways to', async () => {
    screenWidth(390);
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(detail('paused')) });
    const { container } = renderWithApp(<BatchJobView id={9} />);
    const name = await screen.findByText('a.jpg');
    const cell = name.closest('td') as HTMLElement;
    expect(within(cell).getByText('亚马逊 Amazon：不通过 → 通过')).toBeInTheDocument();
    expect(within(cell).getByText('完成')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '状态' })).toBeNull();
    expect(container.querySelector('.ant-table-content table')?.getAttribute('style') ?? '').not.toMatch(
      /width/,
    );
  });

  it('turns the bar red when every image failed', async () => {
    const failed = detail('done');
    failed.job.counts = { waiting: 0, processing: 0, done: 0, failed: 3, paused: 0, cancelled: 0 };
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(failed) });
    const { container } = renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText('失败 3')).toHaveClass('ant-typography-danger');
    expect(container.querySelector('.ant-progress')).toHaveClass('ant-progress-status-exception');
  });

  it('offers no cancel once a job is done', async () => {
    fakeApi({ '/api/v1/batch/jobs/9': () => ok(detail('done')) });
    renderWithApp(<BatchJobView id={9} />);
    expect(await screen.findByText(/已全部完成/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(screen.getByRole('button', { name: /下载结果 ZIP/ })).toBeEnabled();
  });

  it('sends images and ZIPs from a dropped folder, not hidden files or documents', () => {
    const file = (name: string, type = '') => ({ file: new File(['x'], name, { type }), path: name });
    const picked = [
      file('shoes/red.jpg', 'image/jpeg'),
      file('shoes/.DS_Store'),
      file('__MACOSX/shoes/._red.jpg'),
      file('catalogue.zip', 'application/zip'),
      file('notes.docx'),
      file('photo.heic', 'image/heic'),
    ];
    expect(worthSending(picked).map((p) => p.path)).toEqual(['shoes/red.jpg', 'catalogue.zip', 'photo.heic']);
  });
});
