import { ResultCode } from '@chuhai/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Whether `value` holds Infinity or NaN anywhere (walked without recursion: bodies may nest deeply). */
function holdsNonFinite(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return true;
    } else if (item && typeof item === 'object') stack.push(...Object.values(item));
  }
  return false;
}

/**
 * A preHandler for every route: no number past what a double holds reaches a handler. JSON.parse
 * reads `1e999` as Infinity, and schema validation coerces a string such as "1e9999" to it; Ajv's
 * integer check lets Infinity through, and the answer that echoes it back cannot be serialised (a
 * 500 in 图片翻译's 重新生成 until this). Runs after validation, so it sees the coerced values.
 */
export function refuseNonFiniteNumbers(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // A plain hook, not an async one: it runs on every request, and a promise each is measurable.
  if (holdsNonFinite(request.body) || holdsNonFinite(request.query) || holdsNonFinite(request.params))
    done(new AppError(ResultCode.badRequest, '请求中的数字超出了范围'));
  else done();
}
