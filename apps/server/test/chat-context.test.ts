import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHAT_LIMITS } from '@chuhai/contract';
import { findBlockedWord, normaliseForMatch, parseWordList } from '../src/lib/content-safety/word-check.ts';
import { buildModelMessages } from '../src/modules/chat/context.ts';

describe('conversation context', () => {
  it('keeps the newest exchanges that fit the budget, oldest first, then the question', () => {
    const half = 'x'.repeat(CHAT_LIMITS.contextBudgetChars / 4);
    const recent = [
      { content: 'newest', answer: half },
      { content: 'middle', answer: half },
      { content: 'old', answer: half },
      { content: 'oldest', answer: half },
    ];
    const messages = buildModelMessages({ systemPrompt: 'S', recent, question: 'Q' });
    assert.deepEqual(
      messages.filter((m) => m.role === 'user').map((m) => m.content),
      ['old', 'middle', 'newest', 'Q'],
    );
    assert.equal(messages[0]?.content, 'S');
  });

  it('sends no history when even the newest exchange is over the budget', () => {
    const huge = [{ content: 'a', answer: 'y'.repeat(CHAT_LIMITS.contextBudgetChars) }];
    assert.equal(buildModelMessages({ systemPrompt: 'S', recent: huge, question: 'Q' }).length, 2);
  });

  it(`sends at most ${CHAT_LIMITS.contextMaxExchanges} exchanges`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ content: `q${i}`, answer: 'a' }));
    const messages = buildModelMessages({ systemPrompt: 'S', recent: many, question: 'Q' });
    assert.equal(messages.length, 2 + CHAT_LIMITS.contextMaxExchanges * 2);
  });
});

describe('content safety word list', () => {
  const list = parseWordList('# 注释\n代开发票\n\n Money Laundering \n');

  it('ignores comments, blank lines, case and spacing', () => {
    assert.deepEqual(list, ['代开发票', 'moneylaundering']);
    assert.equal(normaliseForMatch('ＡＢＣ 代·开'), 'abc代开');
  });

  it('finds a word however it is spaced, punctuated or written in full-width', () => {
    assert.equal(findBlockedWord('谁能 代-开 发票？', list), '代开发票');
    assert.equal(findBlockedWord('MONEY laundering', list), 'moneylaundering');
    assert.equal(findBlockedWord('发票怎么开给客户', list), null);
  });
});
