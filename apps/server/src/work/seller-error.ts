import { FEATURE_OFF_TEXT, ResultCode } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { NoProductError } from '../imaging/compose.ts';
import { AppError } from '../lib/app-error.ts';
import { ProviderError, type ProviderService } from '../providers/provider-error.ts';

/** What a failure of paid work tells the seller about their uses: nothing was taken. */
export const NOT_CHARGED = '本次不扣次数';

/** The services paid work uses, each with the words a seller sees when it fails. */
const SERVICES: Record<
  ProviderService,
  { name: string; keySetting: string; broken: string; timeout: string; busy: (seconds: number) => string }
> = {
  chat: {
    name: 'AI 服务',
    keySetting: 'LLM_API_KEY',
    broken: 'AI 服务中断了回答，请稍后再试',
    timeout: 'AI 服务长时间没有响应，请稍后再试',
    busy: (seconds) => `AI 服务繁忙，请 ${seconds} 秒后再试`,
  },
  draw: {
    name: 'AI 绘画服务',
    keySetting: 'IMAGE_API_KEY',
    broken: 'AI 绘画服务出错了，请稍后再试',
    timeout: 'AI 绘画超时没有完成，本次不计次数，请稍后再试',
    busy: (seconds) => `AI 绘画服务繁忙，请 ${seconds} 秒后再试`,
  },
  matting: {
    name: '抠图服务',
    keySetting: 'MATTING_URL',
    broken: `图片处理失败，${NOT_CHARGED}，请稍后再试`,
    timeout: `图片处理超时，${NOT_CHARGED}，请稍后再试`,
    busy: (seconds) => `抠图排队的人太多了，请 ${seconds} 秒后再试`,
  },
  // The node's pixel pool: erasing, drawing, main images. Not 抠图: 图片翻译 waits on it too.
  pixels: {
    name: '图片处理',
    keySetting: 'PIXEL_WORKERS',
    broken: `图片处理失败，${NOT_CHARGED}，请稍后再试`,
    timeout: `图片处理超时，${NOT_CHARGED}，请稍后再试`,
    busy: (seconds) => `图片处理排队的人太多了，请 ${seconds} 秒后再试`,
  },
  ocr: {
    name: '图片文字识别',
    keySetting: 'OCR',
    broken: `识别图片上的文字失败，${NOT_CHARGED}，请稍后再试`,
    timeout: `识别图片上的文字超时，${NOT_CHARGED}，请稍后再试`,
    busy: (seconds) => `识别图片文字的人太多了，请 ${seconds} 秒后再试`,
  },
};

export type PaidService = ProviderService;

/** The pictures' own refusals (imaging/ throws them as plain facts), in the seller's words. */
const PICTURE_REFUSALS: { error: new (...args: never[]) => Error; code: number; message: string }[] = [
  {
    error: NoProductError,
    code: ResultCode.badRequest,
    message: '没有在图片里找到产品，请换一张产品清晰、主体完整的照片',
  },
];

/** A refusal of the seller's picture (no product in it…) as the seller reads it, or null for anything else. */
export function pictureRefusal(error: unknown): AppError | null {
  const known = PICTURE_REFUSALS.find((refusal) => error instanceof refusal.error);
  return known ? new AppError(known.code, known.message) : null;
}

/**
 * Any failure of paid work as the code and Chinese message the seller sees: our own refusals
 * (`AppError`) as they are, the picture's (`PICTURE_REFUSALS`) in its words, a provider's failure by its kind in the words of the service that
 * failed (the error names it), a timeout of ours as a timeout, and anything else as the service
 * breaking off (logged, since it is our bug or theirs). `work` is the service whose words a failure
 * that names none takes: the one the feature mostly waits on.
 */
export function sellerError(error: unknown, work: PaidService, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  const refused = pictureRefusal(error);
  if (refused) return refused;
  const service = (error instanceof ProviderError && error.service) || work;
  const words = SERVICES[service];
  // A space between Chinese and a Latin word: 「无法连接 AI 服务」.
  const name = /^[A-Za-z]/.test(words.name) ? ` ${words.name}` : words.name;
  if ((error as Error | undefined)?.name === 'TimeoutError')
    return new AppError(ResultCode.providerTimeout, words.timeout);
  if (!(error instanceof ProviderError)) {
    log.error({ err: error }, `${service} work failed`);
    return new AppError(ResultCode.providerFailed, words.broken);
  }
  log.warn({ err: error, kind: error.kind }, `${service} provider failed`);
  switch (error.kind) {
    case 'auth':
      log.error({ err: error }, `the ${service} provider refused our key: check ${words.keySetting}`);
      return new AppError(ResultCode.providerUnavailable, FEATURE_OFF_TEXT);
    case 'rate-limited':
    case 'busy': {
      const retryAfter = error.retryAfter ?? 10;
      return new AppError(ResultCode.tooManyRequests, words.busy(retryAfter), { retryAfter });
    }
    case 'rejected-content':
      return new AppError(
        ResultCode.contentRejected,
        '描述或生成的画面未通过服务商的内容审核，请修改描述后重试',
      );
    case 'bad-request':
    case 'not-found':
      return new AppError(
        ResultCode.providerFailed,
        `${words.name}暂时无法处理这次请求，请稍后再试或联系客服`,
      );
    case 'unreachable':
      return new AppError(ResultCode.providerFailed, `无法连接${name}，请稍后再试`);
    case 'idle':
      return new AppError(ResultCode.providerTimeout, words.timeout);
    default:
      return new AppError(ResultCode.providerFailed, words.broken);
  }
}

/**
 * A failure's message that also says nothing was charged, as 批量处理's image failures do: 「…，本次不扣
 * 次数，请稍后再试」 (before the closing 「请…」 advice, or at the end). One that says so already stays.
 */
export function nothingCharged(message: string): string {
  if (/不扣次数|不计次数/.test(message)) return message;
  if (message.endsWith('。')) return `${message}${NOT_CHARGED}`;
  const advice = message.lastIndexOf('，请');
  return advice > 0
    ? `${message.slice(0, advice)}，${NOT_CHARGED}${message.slice(advice)}`
    : `${message}，${NOT_CHARGED}`;
}
