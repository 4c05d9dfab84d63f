import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckReport } from '../components/check-report';
import { fileProblem, ImageDrop } from '../components/image-drop';
import { WorkProgress } from '../components/studio-bits';

const file = (name: string, size: number, type: string) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('智能做图 parts', () => {
  it('shows the upload as a percentage, then the server’s work as a spinner with the seconds, never 「100%」', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<WorkProgress percent={40} text="正在上传图片…" />);
      expect(screen.getByText('40%')).toBeInTheDocument();
      rerender(<WorkProgress percent={100} text="正在识别文字、翻译并重新排版" />);
      expect(screen.queryByText('100%')).toBeNull();
      act(() => vi.advanceTimersByTime(3_100));
      expect(screen.getByRole('status')).toHaveTextContent('正在识别文字、翻译并重新排版（已用 3 秒）');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses plainly wrong files before uploading, with the reason', () => {
    expect(fileProblem(file('a.jpg', 2048, 'image/jpeg'))).toBeNull();
    expect(fileProblem(file('空.png', 0, 'image/png'))).toBe('「空.png」是空文件');
    expect(fileProblem(file('大.jpg', 12 * 1024 * 1024, 'image/jpeg'))).toBe(
      '「大.jpg」有 12.0 MB，超过 10 MB 的上限',
    );
    expect(fileProblem(file('动图.gif', 100, 'image/gif'))).toBe('「动图.gif」不是 JPEG、PNG、WebP 图片');
  });

  it('passes good files on, reports the refused ones, and takes pasted images', () => {
    const onFiles = vi.fn();
    const onRefused = vi.fn();
    render(<ImageDrop multiple onFiles={onFiles} onRefused={onRefused} />);
    fireEvent.change(screen.getByLabelText('选择图片'), {
      target: {
        files: [
          file('好.png', 100, 'image/png'),
          file('坏.gif', 100, 'image/gif'),
          file('空.png', 0, 'image/png'),
        ],
      },
    });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: '好.png' })]);
    expect(onRefused).toHaveBeenCalledWith('「坏.gif」不是 JPEG、PNG、WebP 图片；「空.png」是空文件');

    const pasted = file('截图.png', 100, 'image/png');
    const event = new Event('paste', { cancelable: true }) as Event & { clipboardData: unknown };
    event.clipboardData = { files: [pasted] };
    window.dispatchEvent(event);
    expect(onFiles).toHaveBeenLastCalledWith([pasted]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('shows each rule of the check with what was measured and what to do', () => {
    render(
      <CheckReport
        title="原图主图检查"
        report={{
          marketplace: 'amazon',
          pass: false,
          rules: [
            {
              key: 'background',
              label: '纯白背景（RGB 255）',
              level: 'required',
              pass: false,
              measured: '背景 12% 为纯白',
              advice: '把背景换成纯白',
            },
            {
              key: 'square',
              label: '正方形 1:1',
              level: 'recommended',
              pass: true,
              measured: '1:1',
              advice: '',
            },
            {
              key: 'size',
              label: '最短边至少 1000 px',
              level: 'recommended',
              pass: false,
              measured: '800×800 px',
              advice: '放大到至少 1000 px',
            },
          ],
        }}
      />,
    );
    const region = screen.getByRole('region', { name: '原图主图检查' });
    // Only the requirement counts as 不符合; the recommendation is marked 建议.
    expect(region).toHaveTextContent('1 项不符合');
    expect(screen.getByLabelText('建议')).toBeInTheDocument();
    expect(region).toHaveTextContent('背景 12% 为纯白');
    expect(region).toHaveTextContent('把背景换成纯白');
    expect(screen.getByLabelText('不符合')).toBeInTheDocument();
    expect(screen.getByLabelText('符合')).toBeInTheDocument();
  });
});
