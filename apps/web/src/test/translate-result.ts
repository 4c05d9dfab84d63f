import type { TranslatedBlock, TranslateResult } from '@chuhai/contract';
import { afterEach, beforeEach } from 'vitest';
import { ok } from './render';
import { openStudioAsSeller, signOutOfStudio } from './studio-seller';

/** One translated block, 200×30 at row `id`; `more` sets what a test is about. */
export const translatedBlock = (
  id: number,
  text: string,
  more: Partial<TranslatedBlock> = {},
): TranslatedBlock => ({
  id,
  source: '原文',
  text,
  box: { x: 10, y: 10 + id * 40, width: 200, height: 30 },
  fontSize: 20,
  color: '#ffffff',
  bold: false,
  align: 'left',
  hidden: false,
  overflow: false,
  ...more,
});

/** A 400×400 translation into English with nothing kept and nothing left; `more` sets the rest. */
export const translateResult = (more: Partial<TranslateResult> = {}): TranslateResult => ({
  translationId: 7,
  target: 'en',
  width: 400,
  height: 400,
  backgroundId: 1,
  backgroundUrl: '/files/bg.png',
  resultId: 2,
  resultUrl: '/files/out.png',
  blocks: [],
  productText: 'keep',
  kept: [],
  residual: { count: 0, boxes: [] },
  glossary: { used: [], missed: [] },
  ...more,
});

/** The editor tests' one block: bold navy 「Waterproof」 at the picture's top left. */
export const waterproofBlock = (more: Partial<TranslatedBlock> = {}): TranslatedBlock =>
  translatedBlock(1, 'Waterproof', {
    source: '防水透气',
    box: { x: 10, y: 10, width: 120, height: 30 },
    fontSize: 24,
    color: '#1d3557',
    bold: true,
    ...more,
  });

/**
 * For a test file: each test starts as a seller on 图片翻译 with `mocks` (the file's mocked API
 * calls) reset, and signs out afterwards.
 */
export function eachTestAsTranslateSeller(...mocks: { mockReset(): unknown }[]) {
  beforeEach(() => {
    for (const mock of mocks) mock.mockReset();
    // 图片翻译 with an empty 术语表.
    openStudioAsSeller({ '/api/v1/translate/glossary': () => ok([]) });
  });
  afterEach(signOutOfStudio);
}
