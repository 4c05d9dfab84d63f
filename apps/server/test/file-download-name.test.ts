import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { downloadDisposition } from '../src/modules/images/download-disposition.ts';

describe('a file link opened with download', () => {
  it('download=1 keeps the stored name', () => {
    assert.equal(downloadDisposition('s/7/7870447c.png', '1'), 'attachment; filename="7870447c.png"');
    assert.equal(downloadDisposition('s/7/7870447c.png', ''), 'attachment; filename="7870447c.png"');
  });

  it('a name from the page is saved as such, in UTF-8, with the stored extension', () => {
    assert.equal(
      downloadDisposition('s/7/7870447c.png', '连衣裙-抠图.png'),
      `attachment; filename="7870447c.png"; filename*=UTF-8''${encodeURIComponent('连衣裙-抠图.png')}`,
    );
    const saved = (header: string) => decodeURIComponent(header.split("UTF-8''")[1] ?? '');
    assert.equal(saved(downloadDisposition('s/7/a.jpg', 'run.exe')), 'run.jpg');
    assert.equal(
      saved(downloadDisposition('s/7/a.png', '../..\\x:y"\r\nSet-Cookie: z.png')),
      '_.._x_y_Set-Cookie_ z.png',
    );
    assert.equal(
      saved(downloadDisposition('s/7/a.png', `${'长'.repeat(300)}.png`)),
      `${'长'.repeat(116)}.png`,
    );
    assert.equal(downloadDisposition('s/7/a.png', '...'), 'attachment; filename="a.png"');
  });
});
