import { CHAT_LIMITS } from './limits.ts';

/**
 * Checks shared by the chat screen's forms and the server, so both say the same words.
 * Each returns the Chinese problem, or null when the value is fine.
 */

export function questionProblem(content: string): string | null {
  if (content.trim() === '') return '请输入问题';
  if (content.length > CHAT_LIMITS.questionMaxLength)
    return `问题最多 ${CHAT_LIMITS.questionMaxLength} 个字，当前 ${content.length} 个字`;
  return null;
}

export function tagTitleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return '请输入标签名称';
  if (trimmed.length > CHAT_LIMITS.tagTitleMaxLength)
    return `标签名称最多 ${CHAT_LIMITS.tagTitleMaxLength} 个字`;
  return null;
}

/** A conversation's name as stored: trimmed, every run of spaces or line breaks one space. */
export function normalConversationTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

export function conversationTitleProblem(title: string): string | null {
  const normal = normalConversationTitle(title);
  if (normal === '') return '请输入对话名称';
  if (normal.length > CHAT_LIMITS.conversationTitleMaxLength)
    return `对话名称最多 ${CHAT_LIMITS.conversationTitleMaxLength} 个字，当前 ${normal.length} 个字`;
  return null;
}

export function tagPromptProblem(prompt: string): string | null {
  if (prompt.trim() === '') return '请输入提示词内容';
  if (prompt.length > CHAT_LIMITS.tagPromptMaxLength)
    return `提示词最多 ${CHAT_LIMITS.tagPromptMaxLength} 个字，当前 ${prompt.length} 个字`;
  return null;
}
