import { describe, expect, it } from 'vitest';
import { drawingName } from '../drawing-name';

describe('a drawing’s download name', () => {
  it('is AI绘画 and the description’s start, without a dangling comma, numbered within a group', () => {
    const url = '/files/u/1/draw/ab.png?exp=1&sig=s';
    expect(drawingName('一瓶护肤精华放在白色大理石台面上，柔和的自然光，产品摄影', url)).toBe(
      'AI绘画-一瓶护肤精华放在白色大理石台面上，柔和的自然光.png',
    );
    expect(drawingName('red shoes: side view', url, 2)).toBe('AI绘画-red shoes_ side view-2.png');
  });
});
