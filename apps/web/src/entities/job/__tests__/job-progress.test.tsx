import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countsText, JobCounts, jobProgress } from '../job-progress';
import { ItemStatusTag, JobStatusTag } from '../job-status';

const ENDS = { allDone: '已全部完成', someFailed: '已处理完' };

describe('the state tags', () => {
  it('say a job’s and an item’s state in Chinese, in one colour per state', () => {
    render(
      <>
        <JobStatusTag status="running" />
        <JobStatusTag status="paused" />
        <JobStatusTag status="done" />
        <ItemStatusTag status="waiting" />
        <ItemStatusTag status="processing" />
        <ItemStatusTag status="failed" />
        <ItemStatusTag status="paused" />
      </>,
    );
    // A running job and an item being made are the same blue; paused is orange for both.
    expect(screen.getAllByText('处理中')).toHaveLength(2);
    for (const tag of screen.getAllByText('处理中')) expect(tag).toHaveClass('ant-tag-processing');
    for (const tag of screen.getAllByText('已暂停')) expect(tag).toHaveClass('ant-tag-warning');
    expect(screen.getByText('已完成')).toHaveClass('ant-tag-success');
    expect(screen.getByText('等待')).toHaveClass('ant-tag-default');
    expect(screen.getByText('失败')).toHaveClass('ant-tag-error');
  });
});

describe('a job’s progress', () => {
  const counts = { waiting: 0, processing: 1, done: 4, failed: 1, paused: 0, cancelled: 0 };

  it('counts done, failed and cancelled as finished', () => {
    expect(jobProgress({ status: 'running', total: 6, counts })).toMatchObject({ finished: 5, percent: 83 });
    expect(jobProgress({ status: 'cancelled', total: 4, counts: { done: 1, cancelled: 3 } }).percent).toBe(
      100,
    );
    expect(jobProgress({ status: 'running', total: 0, counts: {} }).percent).toBe(0);
  });

  it('keeps the bar out of red unless every item failed', () => {
    const bar = (status: 'running' | 'done' | 'paused', c: Record<string, number>, total = 100) =>
      jobProgress({ status, total, counts: c }).status;
    expect(bar('running', { done: 10 })).toBe('active');
    expect(bar('done', { done: 97, failed: 3 })).toBe('success');
    expect(bar('done', { failed: 100 })).toBe('exception');
    expect(bar('paused', { done: 5, paused: 95 })).toBe('normal');
  });

  it('says 完成 and each other state that has items, in the order a seller follows them', () => {
    expect(countsText({ counts }, '共 6 个', '（可以上架 3）')).toBe(
      '共 6 个：完成 4（可以上架 3），处理中 1，失败 1',
    );
    expect(countsText({ counts: { waiting: 2 } }, '共 2 张')).toBe('共 2 张：完成 0，等待 2');
  });

  it('under the bar: 失败 in warning colour, and how the job ended', () => {
    const { rerender } = render(
      <JobCounts
        job={{ status: 'done', total: 3, counts: { done: 2, failed: 1 } }}
        whole="共 3 张"
        ends={ENDS}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('共 3 张：完成 2，失败 1 · 已处理完');
    expect(screen.getByText('失败 1')).toHaveClass('ant-typography-warning');

    rerender(
      <JobCounts job={{ status: 'done', total: 3, counts: { failed: 3 } }} whole="共 3 张" ends={ENDS} />,
    );
    expect(screen.getByText('失败 3')).toHaveClass('ant-typography-danger');

    rerender(
      <JobCounts job={{ status: 'done', total: 3, counts: { done: 3 } }} whole="共 3 张" ends={ENDS} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^共 3 张：完成 3 · 已全部完成$/);

    rerender(
      <JobCounts
        job={{ status: 'cancelled', total: 3, counts: { done: 1, cancelled: 2 } }}
        whole="共 3 张"
        ends={ENDS}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^共 3 张：完成 1，已取消 2 · 已取消$/);
  });
});
