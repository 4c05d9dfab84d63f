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

/** The gateway refused or could not be reached; `reason` is shown to the user, in Chinese. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.reason = reason;
  }
}
