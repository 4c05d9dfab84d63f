import { CaptchaChallenge, EnvelopeSchema, SendCodeBody, SendCodeResult } from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { newChallenge } from './captcha.ts';
import { smsPersonalData } from './personal-data.ts';
import { deleteExpiredCaptchas } from './repository.ts';
import { sendCode } from './service.ts';

/** `POST /api/v1/code/`: sends a verification code for register (1), login (2) or password (3). */
const publicRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/code/',
    { schema: { body: SendCodeBody, response: { 200: EnvelopeSchema(SendCodeResult) } } },
    async (request) => ok(await sendCode(deps, request.body, request.ip), '验证码已发送'),
  );

  app.get(
    '/api/v1/captcha',
    { schema: { response: { 200: EnvelopeSchema(CaptchaChallenge) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await newChallenge(deps));
    },
  );
};

export const smsModule: AppModule = {
  name: 'sms',
  personalData: smsPersonalData,
  publicRoutes,
  jobs: [
    {
      name: 'sms.forget-spent-captchas',
      everyMs: 3_600_000,
      firstAfterMs: 90_000,
      run: (deps) => deleteExpiredCaptchas(deps.db, deps.clock.now()),
    },
  ],
};
