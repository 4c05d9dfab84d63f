import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config.ts';
import { createAliyunSender } from './aliyun-sender.ts';
import { createConsoleSender } from './console-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTencentSender } from './tencent-sender.ts';

/** The SMS gateway chosen by `SMS_PROVIDER`. */
export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  switch (config.provider) {
    case 'aliyun':
      return createAliyunSender(config);
    case 'tencent':
      return createTencentSender(config);
    default:
      return createConsoleSender(log);
  }
}
