import sharp from 'sharp';
import type { AlphaMask, MattingEngine } from '../src/providers/matting/matting-engine.ts';
import { signedHeaders } from './helpers.ts';

/** A multipart body as a browser's FormData would send it, for `app.inject`. */
export async function multipart(
  fields: Record<string, string>,
  files: { field?: string; name: string; bytes: Buffer; type?: string }[] = [],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      file.field ?? 'upload[]',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

type InjectApp = Pick<import('../src/app.ts').App, 'inject'>;

/** A signed multipart POST with the user's token. */
export async function postForm(
  app: InjectApp,
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = await multipart(fields, files);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...signedHeaders(url),
      'content-type': contentType,
      ...(token ? { token } : {}),
      ...headers,
    },
    remoteAddress: '10.9.9.9',
  });
}

/**
 * A product photo the tests draw: a solid `product` shape (rectangle from `box`) on a flat
 * `background`, `width`×`height`. The known box is the right answer for any matting.
 */
export async function productPhoto(options: {
  width: number;
  height: number;
  box: { left: number; top: number; width: number; height: number };
  background?: string;
  product?: string;
  format?: 'png' | 'jpeg';
}): Promise<Buffer> {
  const { width, height, box } = options;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="${options.background ?? '#3366cc'}"/>` +
    `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="${options.product ?? '#dd2222'}"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return options.format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

/**
 * A matting double for route tests (the real model has its own quality tests): the product is every
 * pixel that differs clearly from the top-left corner's colour. It counts calls and can be told to
 * fail or to say it is busy.
 */
export class CornerColourMatting implements MattingEngine {
  readonly name = 'corner-colour';
  calls = 0;
  next: 'ok' | 'fail' | 'busy' = 'ok';
  /** Each call takes this long, as a real model does (batch tests cancel meanwhile). */
  delayMs = 0;

  async matte(image: Buffer): Promise<AlphaMask> {
    this.calls += 1;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const mode = this.next;
    this.next = 'ok';
    if (mode === 'fail') throw new Error('the matting model crashed');
    if (mode === 'busy') {
      const { ProviderError } = await import('../src/providers/provider-error.ts');
      throw new ProviderError('busy', 'the matting pool is full', { retryAfter: 7 });
    }
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = Buffer.alloc(info.width * info.height);
    const [r0, g0, b0] = [data[0] as number, data[1] as number, data[2] as number];
    for (let p = 0, i = 0; p < mask.length; p += 1, i += 3) {
      const distance =
        Math.abs((data[i] as number) - r0) +
        Math.abs((data[i + 1] as number) - g0) +
        Math.abs((data[i + 2] as number) - b0);
      mask[p] = distance > 60 ? 255 : 0;
    }
    return { mask, width: info.width, height: info.height };
  }

  async warmUp() {}
  async close() {}
}

/** The box of every pixel that is not (near) white. */
export const inkBox = (jpeg: Buffer) => drawnBox(jpeg, (r, g, b) => r + g + b > 720);

/** The box of the pixels `inside` takes for the product, given each pixel's channels from `at`. */
async function boxWhere(image: Buffer, alpha: boolean, inside: (data: Buffer, at: number) => boolean) {
  const pixels = alpha ? sharp(image).ensureAlpha() : sharp(image).removeAlpha();
  const { data, info } = await pixels.raw().toBuffer({ resolveWithObject: true });
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let y = 0; y < info.height; y += 1)
    for (let x = 0; x < info.width; x += 1) {
      if (!inside(data, (y * info.width + x) * info.channels)) continue;
      [left, right, top, bottom] = [
        Math.min(left, x),
        Math.max(right, x),
        Math.min(top, y),
        Math.max(bottom, y),
      ];
    }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The box of every pixel of a picture that `isBackground` does not take for its background. */
export const drawnBox = (jpeg: Buffer, isBackground: (red: number, green: number, blue: number) => boolean) =>
  boxWhere(
    jpeg,
    false,
    (data, i) => !isBackground(data[i] as number, data[i + 1] as number, data[i + 2] as number),
  );

/** The box of a cut-out PNG's visible pixels (alpha ≥ 128), as the main-image check measures a product. */
export const alphaBox = (png: Buffer) => boxWhere(png, true, (data, i) => (data[i + 3] as number) >= 128);
