import { httpStatusOf, ResultCode } from '@chuhai/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { fail } from './envelope.ts';
import { MULTIPART_ERRORS } from './multipart.ts';
import { type ValidationIssue, validationMessage } from './validation-message.ts';

/** Fastify's own errors that are the client's fault, mapped to our codes and Chinese messages. */
const FRAMEWORK_ERRORS: Record<string, { code: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ResultCode.payloadTooLarge, msg: '请求内容过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ResultCode.unsupportedMediaType, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ResultCode.badRequest, msg: '请求体不是有效的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ResultCode.badRequest, msg: '请求体不能为空' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ResultCode.badRequest, msg: '请求长度不正确' },
  ...MULTIPART_ERRORS,
};

/** The envelope a thrown error is answered with (also sent as the last event of a stream). */
export function toEnvelope(error: FastifyError | AppError, request: FastifyRequest) {
  if (error instanceof AppError) return fail(error.code, error.message, error.data);
  if (error.validation) {
    return fail(ResultCode.badRequest, validationMessage(error.validation as ValidationIssue[]));
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return fail(known.code, known.msg);
  const status = error.statusCode ?? 500;
  if (status === 429) return fail(ResultCode.tooManyRequests, '请求过于频繁，请稍后再试');
  if (status >= 400 && status < 500) return fail(status, '请求有误');
  request.log.error({ err: error }, 'unhandled error');
  return fail(ResultCode.internalError, `服务器开小差了，请稍后再试（请求编号 ${request.id}）`);
}

/** One place that turns every thrown error into the envelope, with the HTTP status of its code. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const envelope = toEnvelope(error, request);
      const status = httpStatusOf(envelope.code);
      if (status >= 500 && error instanceof AppError) request.log.warn({ code: error.code }, error.message);
      const retryAfter = (envelope.data as { retryAfter?: unknown } | null)?.retryAfter;
      if (status === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(status).send(envelope);
    });
  },
  { name: 'error-handler' },
);
