import type { BackgroundCategory, BackgroundItem, BackgroundPage } from '@chuhai/contract';
import sharp from 'sharp';
import { type PageParams, pageWindow } from '../../lib/paging.ts';
import { type BackgroundDesign, CATEGORIES, DESIGNS } from './designs.ts';

/** The background library: lists, thumbnails and full-size renders, each drawn once and kept. */

const THUMB_SIZE = 320;
const byId = new Map(DESIGNS.map((design) => [design.id, design]));
const thumbnails = new Map<string, Promise<Buffer>>();
/** Full-size renders of recently used designs (a few MB each). */
const renders = new Map<string, Promise<Buffer>>();
const MAX_RENDERS = 12;

export function findDesign(id: string): BackgroundDesign | undefined {
  return byId.get(id);
}

export function listCategories(): BackgroundCategory[] {
  return CATEGORIES.map((c) => ({ ...c, count: DESIGNS.filter((d) => d.categoryId === c.id).length }));
}

export function listBackgrounds(query: PageParams & { categoryId?: string }): BackgroundPage {
  const matching = query.categoryId ? DESIGNS.filter((d) => d.categoryId === query.categoryId) : DESIGNS;
  const { pageNo, pageSize, offset, limit } = pageWindow(query, 'backgrounds');
  const list: BackgroundItem[] = matching.slice(offset, offset + limit).map((d) => ({
    id: d.id,
    name: d.name,
    categoryId: d.categoryId,
    thumbUrl: `/backgrounds/${d.id}.webp`,
  }));
  return { list, total: matching.length, pageNo, pageSize };
}

function render(design: BackgroundDesign, size: number, format: 'webp' | 'png'): Promise<Buffer> {
  const image = sharp(Buffer.from(design.svg), { density: (72 * size) / 1000 }).resize(size, size);
  return (format === 'webp' ? image.webp({ quality: 82 }) : image.png({ compressionLevel: 3 })).toBuffer();
}

/** A small WebP of the design for the picker grid. */
export function backgroundThumbnail(design: BackgroundDesign): Promise<Buffer> {
  let thumb = thumbnails.get(design.id);
  if (!thumb) {
    thumb = render(design, THUMB_SIZE, 'webp');
    thumbnails.set(design.id, thumb);
    thumb.catch(() => thumbnails.delete(design.id));
  }
  return thumb;
}

/** The design at `size`×`size` as PNG, from a small cache of recent renders. */
export function renderBackground(design: BackgroundDesign, size: number): Promise<Buffer> {
  const key = `${design.id}@${size}`;
  let image = renders.get(key);
  if (image) {
    renders.delete(key);
  } else {
    image = render(design, size, 'png');
    image.catch(() => renders.delete(key));
  }
  renders.set(key, image);
  while (renders.size > MAX_RENDERS) renders.delete(renders.keys().next().value as string);
  return image;
}

/** A plain `colour` (#RRGGBB) as a `size`×`size` PNG: 换背景's and 批量处理's 纯色 background. */
export function colourBackground(colour: string, size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
