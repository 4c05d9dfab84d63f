import { CHAT_LIMITS, ResultCode } from '@chuhai/contract';
import { AppError } from './app-error.ts';

/** Parses the spec's `ids=1,2,3` (spaces and empty items tolerated); 400 with a Chinese reason otherwise. */
export function parseIdList(raw: string): number[] {
  const parts = raw
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) throw new AppError(ResultCode.badRequest, '请选择要删除的记录');
  if (parts.length > CHAT_LIMITS.deleteMaxIds)
    throw new AppError(ResultCode.badRequest, `一次最多删除 ${CHAT_LIMITS.deleteMaxIds} 条`);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw new AppError(ResultCode.badRequest, 'ids 应为以逗号分隔的正整数，例如 ids=1,2,3');
  return [...new Set(ids)];
}
