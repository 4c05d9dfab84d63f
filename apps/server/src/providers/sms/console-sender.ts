import { SMS_CODE_PURPOSES } from '@chuhai/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/**
 * Development and tests: nothing is sent; the code goes to the server log in one line that names
 * the phone, where the operator (or an end-to-end test) reads it.
 */
export function createConsoleSender(log: FastifyBaseLogger): SmsSender {
  return {
    name: 'console',
    async send({ phone, code, type, validMinutes }) {
      log.info(
        { sms: { phone, code, type } },
        `短信验证码（控制台模式，未真正发送）：手机号 ${phone} 验证码 ${code}，用于${SMS_CODE_PURPOSES[type]}，${validMinutes} 分钟内有效`,
      );
    },
  };
}
