import {
  CHAT_LIMITS,
  GLOSSARY_ALL_LANGUAGES,
  type GlossaryEntryBody,
  glossaryTargetName,
} from '@chuhai/contract';
import type { ModelMessage } from '../../providers/llm/chat-model.ts';

/** 出海助手's own voice, used when no prompt tag is chosen. */
export const DEFAULT_SYSTEM_PROMPT =
  '你是「出海助手」，一位熟悉亚马逊、Shopee、Lazada、TikTok Shop、Temu 和独立站的资深跨境电商运营顾问。' +
  '默认用简体中文回答；用户要求其他语言的文案时照做。回答结构清晰，善用 Markdown 的标题、列表和表格；' +
  '涉及平台政策、法规和数据时说明依据，不确定就直说，不编造数字。';

/**
 * The seller's 术语表 entries the conversation names, as a paragraph of the system prompt: the same
 * brand and model names, and the same fixed translations, as in their listings and pictures.
 */
export function glossaryNote(entries: readonly GlossaryEntryBody[]): string {
  if (entries.length === 0) return '';
  const lines = entries.map((e) => {
    const language = e.target === GLOSSARY_ALL_LANGUAGES ? '任何语言' : glossaryTargetName(e.target);
    return e.translation === null
      ? `- 「${e.source}」：${language}里都保持原文，不翻译`
      : `- 「${e.source}」：写${language}时一律写作「${e.translation}」`;
  });
  return `\n\n卖家的术语表（回答里写到这些词时必须照此处理）：\n${lines.join('\n')}`;
}

/**
 * The messages sent to the model: the system prompt, as many recent exchanges of the conversation
 * as fit the character budget (newest kept first), then the new question.
 */
export function buildModelMessages(input: {
  systemPrompt: string;
  /** The seller's 术语表 entries the conversation or the question names. */
  glossary?: readonly GlossaryEntryBody[];
  /** Earlier exchanges, newest first. */
  recent: readonly { content: string; answer: string }[];
  question: string;
}): ModelMessage[] {
  const kept: { content: string; answer: string }[] = [];
  let used = 0;
  for (const exchange of input.recent.slice(0, CHAT_LIMITS.contextMaxExchanges)) {
    const size = exchange.content.length + exchange.answer.length;
    if (used + size > CHAT_LIMITS.contextBudgetChars) break;
    used += size;
    kept.push(exchange);
  }
  const history = kept.reverse().flatMap((e): ModelMessage[] => [
    { role: 'user', content: e.content },
    { role: 'assistant', content: e.answer },
  ]);
  return [
    { role: 'system', content: `${input.systemPrompt}${glossaryNote(input.glossary ?? [])}` },
    ...history,
    { role: 'user', content: input.question },
  ];
}
