/**
 * Letters with an outline under them: the letters' shape grown by the outline's width in its
 * colour. The growing is done here (a maximum over a window of the alpha channel) because sharp's
 * `dilate` grows black, not the letters, on an alpha channel.
 */
import sharp from 'sharp';

/** Each pixel of a one-channel image raised to the largest within `radius` (rows, then columns). */
function spread(values: Buffer, width: number, height: number, radius: number): Buffer {
  const rows = Buffer.alloc(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let most = 0;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++)
        most = Math.max(most, values[y * width + dx] as number);
      rows[y * width + x] = most;
    }
  const out = Buffer.alloc(values.length);
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; y++) {
      let most = 0;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++)
        most = Math.max(most, rows[dy * width + x] as number);
      out[y * width + x] = most;
    }
  return out;
}

/** `text` (an RGBA PNG) on its outline: `width` px larger on every side. */
export async function outlined(text: Buffer, outline: { color: string; width: number }) {
  const pad = outline.width;
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const extended = await sharp(text)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: clear })
    .png()
    .toBuffer();
  const { data: alpha, info } = await sharp(extended)
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const shape = spread(alpha, width, height, pad);
  const ring = await sharp({ create: { width, height, channels: 3, background: outline.color } })
    .joinChannel(shape, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const png = await sharp(ring)
    .composite([{ input: extended }])
    .png()
    .toBuffer();
  return { png, width, height };
}
