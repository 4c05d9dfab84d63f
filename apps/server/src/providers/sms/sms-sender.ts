import type { SmsCodeType } from '@chuhai/contract';

/** One verification-code text to send. */
export interface SmsMessage {
  phone: string;
  code: string;
  type: SmsCodeType;
  validMinutes: number;
}

/** An SMS gateway: the console (development), 阿里云短信 or 腾讯云短信. */
export interface SmsSender {
  readonly name: 'console' | 'aliyun' | 'tencent';
  /** Resolves once the gateway accepted the message; throws SmsSendError when it did not. */
  send(message: SmsMessage): Promise<void>;
}

/** What the gateway said, in Chinese, for the operator's log. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  readonly reason: string;
  /**
   * Set only when the refusal is about the user's own number (too many texts, a number the gateway
   * does not take): that much the user may read. Balance, signatures, templates and raw gateway
   * text are the operator's business and never reach the screen.
   */
  readonly userReason: string | null;

  constructor(reason: string, options?: { cause?: unknown; aboutTheNumber?: boolean }) {
    super(reason, options);
    this.reason = reason;
    this.userReason = options?.aboutTheNumber ? reason : null;
  }
}

/** Refusal codes that concern the recipient's number rather than the operator's account. */
export function isAboutTheNumber(reason: string): boolean {
  return /该手机号|手机号格式/.test(reason);
}
