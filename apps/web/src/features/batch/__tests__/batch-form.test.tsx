import type { BatchJob } from '@chuhai/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { createBatchJob } from '../api/create-batch-job';
import { BatchForm } from '../components/batch-form';

vi.mock('../api/create-batch-job', () => ({ createBatchJob: vi.fn() }));
const upload = vi.mocked(createBatchJob);

const JOB = { id: 7 } as BatchJob;

/** Picks files as the 选择图片或 ZIP picker would. */
function pick(names: string[]) {
  const files = names.map((name) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' }));
  fireEvent.change(screen.getByLabelText('选择图片或 ZIP'), { target: { files } });
}

const keysSent = () => upload.mock.calls.map((call) => call[2].startKey);

describe('批量处理 开始处理', () => {
  beforeEach(() => {
    useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
    fakeApi({ '/api/v1/background-designs': () => ok({ list: [] }) });
    upload.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().clear();
  });

  it('a double click uploads once; a retry after a failure sends the same key; the next job a new one', async () => {
    let fail = true;
    upload.mockImplementation(async () => {
      if (fail) throw new ApiError(0, '网络连接失败，请检查网络后重试', null, 'network');
      return JOB;
    });
    const started = vi.fn();
    renderWithApp(<BatchForm onStarted={started} />);
    pick(['a.jpg', 'b.jpg']);
    const button = screen.getByRole('button', { name: /开始处理 2 个文件/ });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    const [first] = keysSent();
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /开始处理 2 个文件/ }));
    await waitFor(() => expect(started).toHaveBeenCalledWith(JOB));
    expect(keysSent()).toEqual([first, first]);

    // The same files again, chosen anew: running them again is the seller's choice, a new key.
    pick(['a.jpg', 'b.jpg']);
    fireEvent.click(screen.getByRole('button', { name: /开始处理 2 个文件/ }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    expect(keysSent()[2]).not.toBe(first);
  });

  it('other files or steps are another start, with another key', async () => {
    upload.mockImplementation(async () => {
      throw new ApiError(400, '没有可处理的图片', null, '没有可处理的图片');
    });
    renderWithApp(<BatchForm onStarted={() => {}} />);
    pick(['a.jpg']);
    fireEvent.click(screen.getByRole('button', { name: /开始处理 1 个文件/ }));
    await screen.findByText('没有可处理的图片');
    fireEvent.click(screen.getByRole('checkbox', { name: /抠图/ }));
    fireEvent.click(screen.getByRole('button', { name: /开始处理 1 个文件/ }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(new Set(keysSent()).size).toBe(2);
  });
});
