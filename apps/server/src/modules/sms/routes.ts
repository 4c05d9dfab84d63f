import { EnvelopeSchema, SendCodeBody, SendCodeResult } from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope.ts';
import type { SmsSender } from '../../providers/sms/sms-sender.ts';
import { sendCode } from './service.ts';

/** `POST /api/v1/code/`: sends a verification code for register (1), login (2) or password (3). */
export const smsRoutes: FastifyPluginAsyncTypebox<{ sender: SmsSender }> = async (app, { sender }) => {
  const deps = { db: app.db, clock: app.clock, sender, log: app.log };
  app.post(
    '/api/v1/code/',
    { schema: { body: SendCodeBody, response: { 200: EnvelopeSchema(SendCodeResult) } } },
    async (request) => ok(await sendCode(deps, request.body, request.ip), '验证码已发送'),
  );
};
