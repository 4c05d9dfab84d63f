import type { TranslatedBlock } from '@chuhai/contract';
import { type Layer, type LayerEffectStroke, type LayerTextData, writePsdBuffer } from 'ag-psd';
import sharp from 'sharp';
import { drawTranslation } from './draw-translation.ts';
import { fontsFor } from './fonts.ts';
import { drawableText, type FittedBlock } from './render.ts';

/**
 * 下载 PSD: a translated picture as layers a designer can keep working on. Bottom to top: the
 * original picture (hidden), the erased background, and one text layer per visible block. A text
 * layer carries both Photoshop's text data (editable: font, size, colour, alignment, place) and the
 * pixels we drew, so the file looks like our result before Photoshop lays the text out again.
 */

export interface PsdPicture {
  /** The erased background (PNG), the size of the picture. */
  background: Buffer;
  /** The picture before erasing (PNG, same size), when kept: a hidden layer. */
  source: Buffer | null;
  target: string;
  blocks: TranslatedBlock[];
}

/** ag-psd's layer pixels: typed as the browser's ImageData, which needs only these three fields. */
type Pixels = NonNullable<Layer['imageData']>;

const LAYER_NAME_LENGTH = 40;

async function rgbaOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) } as Pixels;
}

/** The PostScript name Photoshop looks fonts up by: our Noto files follow Google's Family-Weight. */
const postScriptName = (family: string, bold: boolean) =>
  `${family.replaceAll(' ', '')}-${bold ? 'Bold' : 'Regular'}`;

const rgbOf = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

/** A layer's name: the block's text on one line, at most LAYER_NAME_LENGTH characters. */
export const layerName = (text: string) =>
  [...drawableText(text).replace(/\s+/g, ' ').trim()].slice(0, LAYER_NAME_LENGTH).join('');

/** The block's outline as Photoshop's stroke effect (outside the letters), so it stays editable. */
const strokeOf = (outline: { color: string; width: number }): LayerEffectStroke => ({
  present: true,
  showInDialog: true,
  enabled: true,
  size: { units: 'Pixels', value: outline.width },
  position: 'outside',
  fillType: 'color',
  blendMode: 'normal',
  opacity: 1,
  color: rgbOf(outline.color),
});

/**
 * The paragraph box across: the room the text was laid out in, so that it wraps alike; or, where
 * the drawn letters run past the room (text that fits nowhere, on one line, or moved back inside
 * the picture), the letters' own extent, so that Photoshop neither wraps it nor moves it.
 */
function paragraphAcross(room: { x: number; width: number }, fit: FittedBlock, inset: number) {
  const [left, right] = [fit.left + inset, fit.left + fit.width - inset];
  // fitBlock lets text take a pixel more than its room.
  if (left >= room.x && right <= room.x + room.width + 1) return { x: room.x, width: room.width };
  return { x: left, width: Math.max(1, right - left + 1) };
}

/** Photoshop's text data: a paragraph box where the text was laid out (paragraphAcross). */
function textData(
  block: TranslatedBlock,
  target: string,
  room: { x: number; width: number },
  fit: FittedBlock,
  drawnHeight: number,
): LayerTextData {
  const fonts = fontsFor(target, block.text);
  const face = block.bold ? fonts.bold : fonts.regular;
  const inset = block.outline?.width ?? 0;
  const across = paragraphAcross(room, fit, inset);
  return {
    text: drawableText(block.text),
    // The drawn pixels start an outline's width above the letters.
    transform: [1, 0, 0, 1, across.x, fit.top + inset],
    shapeType: 'box',
    // Room below for Photoshop's own line spacing, which is a little looser than Pango's.
    boxBounds: [0, 0, across.width, Math.round(drawnHeight + fit.fontSize)],
    style: {
      font: { name: postScriptName(face.family, block.bold) },
      // The document is 72 dpi, as our render is: a point is a pixel.
      fontSize: fit.fontSize,
      fillColor: rgbOf(block.color),
      // Letters condensed to fit (render.ts's CONDENSED), as Photoshop's 水平缩放: 1 is 100%.
      horizontalScale: fit.scale,
      // Slanted letters (slant.ts): Photoshop's 仿斜体, its own fixed lean, the nearest a text layer has.
      ...(block.slant ? { fauxItalic: true } : {}),
    },
    paragraphStyle: { justification: block.align },
  };
}

/** The picture with its translation as a layered PSD (8-bit RGB, 72 dpi). */
export async function translationPsd(picture: PsdPicture): Promise<Buffer> {
  const background = await rgbaOf(picture.background);
  const size = { width: background.width, height: background.height };
  // Drawn as the flat result is: the layers are its very pixels and places.
  const { png: composite, translations } = await drawTranslation(
    picture.background,
    picture.blocks,
    picture.target,
  );
  const textLayers: Layer[] = await Promise.all(
    translations.map(async ({ block, room, fit }) => {
      const pixels = await rgbaOf(fit.png);
      return {
        name: layerName(block.text),
        // drawBlocks keeps a block that starts past the edge inside it; Photoshop cuts the rest.
        left: Math.min(fit.left, size.width - 1),
        top: Math.min(fit.top, size.height - 1),
        imageData: pixels,
        text: textData(block, picture.target, room, fit, pixels.height),
        ...(block.outline ? { effects: { stroke: [strokeOf(block.outline)] } } : {}),
      };
    }),
  );
  const source: Layer[] = picture.source
    ? [{ name: '原图', hidden: true, imageData: await rgbaOf(picture.source) }]
    : [];
  return writePsdBuffer(
    {
      ...size,
      imageData: await rgbaOf(composite),
      imageResources: {
        resolutionInfo: {
          horizontalResolution: 72,
          horizontalResolutionUnit: 'PPI',
          widthUnit: 'Inches',
          verticalResolution: 72,
          verticalResolutionUnit: 'PPI',
          heightUnit: 'Inches',
        },
      },
      children: [...source, { name: '背景（已擦除）', imageData: background }, ...textLayers],
    },
    // Every layer an ordinary one: Photoshop would make the bottom one a locked Background otherwise.
    { noBackground: true },
  );
}
