import { DEFAULT_MESSAGES } from '@chuhai/contract';

/**
 * The one error type services throw: a result code from the contract, a Chinese message, optional
 * data. Nothing of HTTP: the code maps to a status in http/error-handler.ts. Layers below the
 * modules (imaging, channels) throw plain errors of their own instead; the module or work/ says
 * them in Chinese with this.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, msg?: string, data: unknown = null) {
    super(msg ?? DEFAULT_MESSAGES[code] ?? '请求失败');
    this.code = code;
    this.data = data;
  }
}
