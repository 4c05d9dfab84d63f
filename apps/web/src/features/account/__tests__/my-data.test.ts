import type { MyDataExport } from '@chuhai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAsJson } from '../api/my-data';

describe('导出我的数据', () => {
  const zone = process.env.TZ;
  let saved: string[] = [];

  beforeEach(() => {
    // A seller in China: Node takes a new TZ at once, and local dates follow it.
    process.env.TZ = 'Asia/Shanghai';
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(() => {
    process.env.TZ = zone;
    vi.restoreAllMocks();
  });

  it('names the file by the seller’s date: 01:20 on 30 November in China is the 30th, not UTC’s 29th', () => {
    const exportedAt = Date.UTC(2026, 10, 29, 17, 20);
    saveAsJson({ exportedAt } as MyDataExport);
    expect(saved).toEqual(['出海助手-我的数据-20261130.json']);
  });
});
