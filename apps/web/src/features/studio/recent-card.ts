import {
  isMarketplacePreset,
  MARKETPLACE_PRESETS,
  type StudioImage,
  type StudioImageKind,
  TRANSLATE_LANGUAGES,
} from '@chuhai/contract';
import { paths } from '../../config/paths';
import { downloadName, extensionOf } from '../../lib/download-name';
import { formatDateTime } from '../../lib/format';

/**
 * What a 最近作品 card says, from what the server keeps with each picture: the seller's file (or
 * the product's name, site and picture for 一键出海), the tool, the language or marketplace, what
 * its checks found, and what its button opens.
 */

/** The tool that made a picture, as the card names it. */
export const TOOL_LABEL: Record<StudioImageKind, string> = {
  cutout: '透明底抠图',
  main: '白底主图',
  replace: '换背景',
  translate: '图片翻译',
};

/** What each kind of picture adds to its download name (the upload's name comes first). */
const DONE: Record<StudioImageKind, string> = {
  cutout: '抠图',
  main: '主图',
  replace: '换背景',
  translate: '',
};

/** The screen a card's button can open its picture on. */
export type RecentScreen = 'cutout' | 'replace' | 'translate';

export interface CardTag {
  label: string;
  tone?: 'good' | 'warn';
}

/** 「连衣裙.jpg」 → 「连衣裙」: the name a card is titled with; null when the picture has none kept. */
export function cardName(image: StudioImage): string | null {
  const name = image.about?.name?.trim();
  if (!name) return null;
  return name.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{2,5}$/i, '') || name;
}

/** The card's title: the upload's name, or what made it when no name was kept (older pictures). */
export function cardTitle(image: StudioImage): string {
  return cardName(image) ?? TOOL_LABEL[image.kind];
}

const languageName = (code: string) => TRANSLATE_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const presetName = (preset: string) =>
  isMarketplacePreset(preset) ? MARKETPLACE_PRESETS[preset].label : preset;

/**
 * The card's tags, tool first: 「图片翻译」「英语」「译文清晰」, 「白底主图」「亚马逊 Amazon」「符合主图要求」.
 * Result tags come from what was kept when the picture was made, so they stay after a reload.
 */
export function cardTags(image: StudioImage): CardTag[] {
  const about = image.about ?? {};
  const tags: CardTag[] = [{ label: TOOL_LABEL[image.kind] }];
  if (about.language) tags.push({ label: languageName(about.language) });
  if (about.preset) tags.push({ label: presetName(about.preset) });
  if (about.mainPass !== undefined)
    tags.push(
      about.mainPass ? { label: '符合主图要求', tone: 'good' } : { label: '主图有不合格项', tone: 'warn' },
    );
  const legibility = about.legibility;
  if (legibility && legibility.words > 0)
    tags.push(
      legibility.unclear === 0
        ? { label: '译文清晰', tone: 'good' }
        : { label: `${legibility.unclear} 块译文不易辨认`, tone: 'warn' },
    );
  if (about.residual) tags.push({ label: `残留中文 ${about.residual} 个字`, tone: 'warn' });
  return tags;
}

/** What a card's button does: 继续编辑 its latest picture, 打开 an earlier one, here or on its own screen. */
export interface CardOpen {
  label: '继续编辑' | '打开';
  /** The translation's or work's id. */
  id: number;
  /** Opened on this screen (`onEdit`), or the address of the screen that opens it. */
  href: string | null;
  /** Said on hover: what opens. */
  hint: string;
}

/** The button of a card on `screen`, or null for a picture nothing reopens (made before works were kept). */
export function cardOpen(image: StudioImage, screen: RecentScreen): CardOpen | null {
  const label = image.earlier ? '打开' : '继续编辑';
  const later = image.earlier ? '（这张之后又改过，打开的是最后一次修改的样子）' : '';
  if (image.translationId !== undefined)
    return {
      label,
      id: image.translationId,
      href: screen === 'translate' ? null : paths.translate.getHref(image.translationId),
      hint: `在图片翻译的编辑器里打开${later}`,
    };
  if (image.workId === undefined) return null;
  const tool = image.workTool ?? (image.kind === 'replace' ? 'replace' : 'cutout');
  const where = tool === 'replace' ? '换背景' : '抠图';
  return {
    label,
    id: image.workId,
    href:
      tool === screen
        ? null
        : tool === 'replace'
          ? paths.background.getHref(image.workId)
          : paths.image.getHref(image.workId),
    hint: `在「${where}」里打开${later}`,
  };
}

/** 「20261127-1432」: when a kept image was made, as a file name may hold it. */
const stamp = (at: number) => formatDateTime(at).replace(/[-:]/g, '').replace(' ', '-');

/**
 * What a card downloads as: the upload's name and what was done (「连衣裙-抠图.png」,
 * 「连衣裙-主图-amazon.jpg」, 「连衣裙-en.png」); without a kept name, the kind and the time.
 */
export function cardDownloadName(image: StudioImage): string {
  const extension = extensionOf(image.url);
  const about = image.about;
  if (!about?.name) return downloadName(TOOL_NAME_FOR_FILE[image.kind], [stamp(image.createdAt)], extension);
  const done = image.kind === 'translate' ? [about.language] : [DONE[image.kind], about.preset];
  return downloadName(about.name, done, extension);
}

/** Older pictures without a kept name download under what they are: 「透明底-20261127-1432.png」. */
const TOOL_NAME_FOR_FILE: Record<StudioImageKind, string> = {
  cutout: '透明底',
  main: '白底主图',
  replace: '换背景',
  translate: '译图',
};
