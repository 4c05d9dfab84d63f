import { DRAW_LIMITS } from '@chuhai/contract';

/**
 * Style presets for product scenes: each adds a phrase, in Chinese and English so that every
 * provider (通义万相, OpenAI, SD WebUI) reads it, after the seller's own description.
 */
export interface StylePreset {
  id: string;
  /** What the chip says. */
  name: string;
  /** What it adds to the prompt, shown to the seller while it is chosen. */
  phrase: string;
}

export const STYLE_PRESETS: readonly StylePreset[] = [
  {
    id: 'studio-white',
    name: '白底棚拍',
    phrase:
      '纯白无缝背景，影棚柔光均匀照明，产品居中、边缘清晰，电商主图风格（pure white seamless studio backdrop, soft even lighting, centered product, crisp edges, e-commerce packshot）',
  },
  {
    id: 'lifestyle',
    name: '生活场景',
    phrase:
      '真实的居家生活场景，自然窗光，温馨有生活气息，浅景深（lifestyle scene in a real home, natural window light, cozy atmosphere, shallow depth of field）',
  },
  {
    id: 'festive',
    name: '节日氛围',
    phrase:
      '节日促销氛围，暖色串灯与礼盒点缀，背景光斑，喜庆但不杂乱（festive holiday setting, warm string lights, gift boxes, bokeh background, clean composition）',
  },
  {
    id: 'outdoor',
    name: '户外自然',
    phrase:
      '户外自然环境，黄金时刻的阳光，绿植与天空为背景，清新通透（outdoor natural setting, golden hour sunlight, greenery and sky, fresh and airy）',
  },
  {
    id: 'minimal',
    name: '极简高级',
    phrase:
      '极简构图，低饱和莫兰迪配色，几何展台，大面积留白，高级质感（minimalist composition, muted pastel palette, geometric podium, generous negative space, premium look）',
  },
  {
    id: 'tech',
    name: '科技感',
    phrase:
      '深色背景，蓝紫色霓虹轮廓光，金属与玻璃质感，未来科技风（dark background, blue and purple neon rim light, metal and glass reflections, sleek futuristic tech style）',
  },
  {
    id: 'flat-lay',
    name: '平铺俯拍',
    phrase:
      '俯拍平铺构图，搭配道具整齐摆放，柔和顶光，适合详情页（flat lay, top-down view, neatly arranged props, soft overhead light, detail page style）',
  },
  {
    id: 'luxury',
    name: '轻奢质感',
    phrase:
      '深色大理石与金色点缀，戏剧性侧光，精致奢华的质感（dark marble surface with gold accents, dramatic side lighting, elegant luxury feel）',
  },
];

/** Between the seller's description and the style's phrase. */
const JOINER = '，';

/** The prompt sent to the provider: the seller's description, then the chosen style's phrase. */
export function composePrompt(description: string, preset: StylePreset | null): string {
  const text = description.trim();
  if (!preset) return text;
  return text ? `${text}${JOINER}${preset.phrase}` : preset.phrase;
}

/**
 * A kept prompt split back into the description and the style it was drawn with (复用描述), so the
 * style shows as chosen again instead of as text the seller has to delete by hand.
 */
export function splitPrompt(prompt: string): { description: string; preset: StylePreset | null } {
  for (const preset of STYLE_PRESETS) {
    if (prompt === preset.phrase) return { description: '', preset };
    if (prompt.endsWith(`${JOINER}${preset.phrase}`))
      return { description: prompt.slice(0, -(JOINER.length + preset.phrase.length)), preset };
  }
  return { description: prompt, preset: null };
}

/** How long the seller's description may be with this style added, within the prompt limit. */
export function descriptionMaxLength(preset: StylePreset | null): number {
  return DRAW_LIMITS.promptMaxLength - (preset ? preset.phrase.length + JOINER.length : 0);
}
