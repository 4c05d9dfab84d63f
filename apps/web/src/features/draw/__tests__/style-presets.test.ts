import { DRAW_LIMITS, drawPromptProblem } from '@chuhai/contract';
import { describe, expect, it } from 'vitest';
import { composePrompt, descriptionMaxLength, STYLE_PRESETS, splitPrompt } from '../style-presets';

describe('AI 绘画 style presets', () => {
  it('offers 6 to 8 styles, each named once, with a phrase in Chinese and in English', () => {
    expect(STYLE_PRESETS.length).toBeGreaterThanOrEqual(6);
    expect(STYLE_PRESETS.length).toBeLessThanOrEqual(8);
    expect(new Set(STYLE_PRESETS.map((p) => p.id)).size).toBe(STYLE_PRESETS.length);
    expect(new Set(STYLE_PRESETS.map((p) => p.name)).size).toBe(STYLE_PRESETS.length);
    expect(STYLE_PRESETS.map((p) => p.name)).toEqual(
      expect.arrayContaining(['白底棚拍', '生活场景', '节日氛围', '户外自然', '极简高级', '科技感']),
    );
    for (const preset of STYLE_PRESETS) {
      expect(preset.phrase, preset.name).toMatch(/[\u4e00-\u9fff]{4}/);
      expect(preset.phrase, preset.name).toMatch(/[a-z]+ [a-z]+ [a-z]+/);
    }
  });

  it('adds the chosen style after the description, and nothing without one', () => {
    const [studio] = STYLE_PRESETS;
    expect(composePrompt('  白色无线耳机  ', null)).toBe('白色无线耳机');
    expect(composePrompt('白色无线耳机', studio ?? null)).toBe(`白色无线耳机，${studio?.phrase}`);
    expect(composePrompt('   ', studio ?? null)).toBe(studio?.phrase);
  });

  it('splits a kept prompt back into the description and its style, for every style', () => {
    for (const preset of STYLE_PRESETS) {
      expect(splitPrompt(composePrompt('木桌上的陶瓷杯', preset))).toEqual({
        description: '木桌上的陶瓷杯',
        preset,
      });
      expect(splitPrompt(preset.phrase)).toEqual({ description: '', preset });
    }
    expect(splitPrompt('海边的草帽，夕阳')).toEqual({ description: '海边的草帽，夕阳', preset: null });
  });

  it('leaves room for the style: the longest description allowed still makes a valid prompt', () => {
    for (const preset of [null, ...STYLE_PRESETS]) {
      const longest = '画'.repeat(descriptionMaxLength(preset));
      const prompt = composePrompt(longest, preset);
      expect(prompt.length).toBe(DRAW_LIMITS.promptMaxLength);
      expect(drawPromptProblem(prompt)).toBeNull();
      expect(drawPromptProblem(`${prompt}画`)).not.toBeNull();
    }
  });
});
