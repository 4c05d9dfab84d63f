import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultCode } from '@chuhai/contract';
import sharp from 'sharp';
import { AppError } from '../src/lib/app-error.ts';
import { checkImageUpload } from '../src/lib/image-upload.ts';
import { makePng } from './fakes/png.ts';

async function refused(bytes: Buffer, code: number, message: RegExp): Promise<void> {
  await assert.rejects(checkImageUpload(bytes), (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

/** A JPEG 40×20 whose EXIF says "rotate 90° clockwise" and that carries a GPS-like comment. */
async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 50, b: 50 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'GPS 22.5431 N 114.0579 E' } } })
    .toBuffer();
}

describe('image upload checks', () => {
  it('accepts PNG, JPEG and WebP by content, whatever the file is called', async () => {
    const png = makePng(30, 10, () => [1, 2, 3]);
    const webp = await sharp(png).webp().toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    for (const [bytes, format] of [
      [png, 'png'],
      [webp, 'webp'],
      [jpeg, 'jpeg'],
    ] as const) {
      const checked = await checkImageUpload(bytes);
      assert.equal(checked.format, format);
      assert.deepEqual([checked.width, checked.height], [30, 10]);
    }
  });

  it('applies EXIF orientation and strips the metadata', async () => {
    const source = await sidewaysJpeg();
    assert.equal((await sharp(source).metadata()).orientation, 6);
    const checked = await checkImageUpload(source);
    assert.deepEqual([checked.width, checked.height], [20, 40], 'stood upright');
    const after = await sharp(checked.bytes).metadata();
    assert.equal(after.orientation, undefined);
    assert.equal(after.exif, undefined, 'no EXIF left');
    assert.ok(!checked.bytes.includes(Buffer.from('GPS 22.5431')));
  });

  it('refuses a renamed text file, an SVG, a GIF, a PDF and an empty file with 415', async () => {
    await refused(
      Buffer.from('hello, this is a text file renamed to photo.jpg'),
      ResultCode.unsupportedMediaType,
      /不是图片/,
    );
    await refused(
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      ResultCode.unsupportedMediaType,
      /SVG/,
    );
    await refused(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), ResultCode.unsupportedMediaType, /GIF/);
    await refused(Buffer.from('%PDF-1.7\n'), ResultCode.unsupportedMediaType, /PDF/);
    await refused(Buffer.alloc(0), ResultCode.unsupportedMediaType, /空文件/);
  });

  it('refuses a truncated image with 415', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    await refused(
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      ResultCode.unsupportedMediaType,
      /损坏或不完整/,
    );
    const png = makePng(200, 200, (x, y) => [x % 255, y % 255, 7]);
    await refused(png.subarray(0, png.length - 40), ResultCode.unsupportedMediaType, /损坏或不完整/);
  });

  it('refuses a decompression bomb by its header, before decoding, with 413', async () => {
    // A tiny PNG that claims 20000×20000 pixels (400 MP).
    const bomb = makePng(1, 1, () => [0, 0, 0]);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    await refused(
      bomb,
      ResultCode.payloadTooLarge,
      /20000×20000 像素，超过 4000 万像素的上限，请缩小后再上传/,
    );
  });

  it('refuses a file over 10 MB with 413 and says how big it is', async () => {
    const big = Buffer.concat([makePng(1, 1, () => [0, 0, 0]), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(big, ResultCode.payloadTooLarge, /10\.0 MB，超过 10 MB/);
  });
});
