import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import AboutScreen from '../about';
import ContactScreen from '../contact';
import IntroScreen from '../intro';
import PrivacyScreen from '../privacy';
import TermsScreen from '../terms';

const HAN = '\\u4e00-\\u9fff';
const FULL_WIDTH_PUNCTUATION = '，。；：、！？（）「」『』《》“”';

/**
 * Spaces that are typos in Chinese text: between two characters, or beside full-width punctuation.
 * (A space between Chinese and a Latin word or a number, 「AI 问答」「保存 7 天」, is the house style.)
 */
function straySpaces(text: string): string[] {
  const pattern = new RegExp(
    `[${HAN}][ \\t\\n\\u3000]+[${HAN}]|[${FULL_WIDTH_PUNCTUATION}][ \\t\\n\\u3000]+\\S|\\S[ \\t\\n\\u3000]+[${FULL_WIDTH_PUNCTUATION}]`,
    'gu',
  );
  return [...text.matchAll(pattern)].map((m) => {
    const at = m.index ?? 0;
    return text.slice(Math.max(0, at - 8), at + m[0].length + 8);
  });
}

const DOCUMENTS = [
  ['隐私政策', PrivacyScreen],
  ['用户协议', TermsScreen],
  ['关于我们', AboutScreen],
  ['公司简介', IntroScreen],
  ['联系我们', ContactScreen],
] as const;

describe('the site’s documents', () => {
  for (const [name, Screen] of DOCUMENTS)
    it(`${name} has no stray spaces in its Chinese text`, () => {
      const { container } = renderWithApp(<Screen />);
      expect(straySpaces(container.textContent ?? '')).toEqual([]);
    });

  it('the check finds what it should and passes the house style', () => {
    expect(straySpaces('保存多久， 以及你如何查阅')).toHaveLength(1);
    expect(straySpaces('被删除， 所有设备')).toHaveLength(1);
    expect(straySpaces('短视频 节奏')).toHaveLength(1);
    expect(straySpaces('用 AI 问答写 Listing，保存 7 天（JSON 文件）。')).toEqual([]);
  });
});
