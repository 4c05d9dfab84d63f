import {
  ChannelBalance,
  ChannelEnabledBody,
  ChannelModels,
  ChannelModelsBody,
  ChannelSaveBody,
  ChannelTestResult,
  ChannelView,
  EnvelopeSchema,
  ResultCode,
} from '@chuhai/contract';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { type StateChange, unlinkUserCalls } from '../../channels/index.ts';
import type { AppDeps } from '../../deps.ts';
import { actorOf, requireAdmin, requireMoneyAuth, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service.ts';
import * as service from './service.ts';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * 获取模型列表 at an address no channel has saved: the admin's code, spent as a save spends it. No
 * code at all is said plainly, and is not counted as a wrong one.
 */
async function lookupCode(request: FastifyRequest, totp: string | undefined): Promise<void> {
  if (!totp)
    throw new AppError(
      ResultCode.forbidden,
      '这个接口地址还没有保存过：向新的地址获取模型列表需要两步验证码，请先在「两步验证码」里填写验证器上的 6 位数字',
    );
  await requireMoneyAuth(request, totp);
}

/**
 * 运营后台 · 渠道: 客服 sees them; an admin tests, switches off and deletes; adding and editing also
 * take the admin's two-factor code.
 */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/channels',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(ChannelView)) } } },
    async () => ok(await service.listChannels(deps)),
  );

  // Where sellers' questions and pictures go, with whose key and at what cost: an admin with a
  // fresh two-factor code, as for what sellers pay (a stolen session alone cannot redirect them).
  app.post(
    '/api/admin/channels',
    { schema: { body: ChannelSaveBody, response: { 200: EnvelopeSchema(Type.Integer()) } } },
    async (request) => {
      const { totp, ...input } = request.body;
      await requireMoneyAuth(request, totp);
      return ok(await service.saveChannel(deps, actorOf(request), null, input), '渠道已新增');
    },
  );

  app.post(
    '/api/admin/channels/:id',
    {
      schema: { params: IdParams, body: ChannelSaveBody, response: { 200: EnvelopeSchema(Type.Integer()) } },
    },
    async (request) => {
      const { totp, ...input } = request.body;
      await requireMoneyAuth(request, totp);
      return ok(await service.saveChannel(deps, actorOf(request), request.params.id, input), '渠道已保存');
    },
  );

  app.post(
    '/api/admin/channels/:id/enabled',
    {
      schema: { params: IdParams, body: ChannelEnabledBody, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      requireAdmin(staffOf(request));
      const { enabled } = request.body;
      await service.setChannelEnabled(deps, actorOf(request), request.params.id, enabled);
      return ok(null, enabled ? '渠道已启用' : '渠道已停用');
    },
  );

  app.post(
    '/api/admin/channels/:id/delete',
    { schema: { params: IdParams, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      await service.deleteChannel(deps, actorOf(request), request.params.id);
      return ok(null, '渠道已删除');
    },
  );

  // Reads only, but with a channel's key and at an address the server then connects to: an admin;
  // at an address the channel has not saved, with the two-factor code a save takes (a stolen session
  // alone must not point the server anywhere). The stored key is used on the server and never sent
  // back (see channels/console-lookups.ts).
  app.post(
    '/api/admin/channels/models',
    { schema: { body: ChannelModelsBody, response: { 200: EnvelopeSchema(ChannelModels) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      const { totp, ...body } = request.body;
      const models = await service.providerModels(deps, body, () => lookupCode(request, totp));
      return ok({ models });
    },
  );

  // Always the stored address, which a code approved when it was saved: no code (see console-lookups.ts).
  app.post(
    '/api/admin/channels/:id/balance',
    { schema: { params: IdParams, response: { 200: EnvelopeSchema(ChannelBalance) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok(await service.refreshBalance(deps, request.params.id));
    },
  );

  app.post(
    '/api/admin/channels/:id/test',
    { schema: { params: IdParams, response: { 200: EnvelopeSchema(ChannelTestResult) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      return ok(await service.testChannel(deps, request.params.id));
    },
  );
};

export const channelModule: AppModule = {
  name: 'channel',
  // The cost ledger names who each call was for; 注销 unlinks the seller, the costs stay.
  personalData: {
    tables: [{ table: 'provider_calls', columns: ['user_id'], onDelete: 'anonymised' }],
    async eraseIn(trx, user) {
      await unlinkUserCalls(trx, user.id);
      return undefined;
    },
  },
  staffRoutes,
  jobs: [{ name: 'channel.test-idle', everyMs: 60_000, run: (deps) => service.testIdleChannels(deps) }],
  onReady: async (deps) => {
    await deps.channels.console.seed(deps.config.channels.seeds);
  },
};

/**
 * A channel's change of state is an audited event, by the system (actor 0), with its reason: the
 * channels' hook, given to them when app.ts builds them.
 */
export function auditChannelChanges(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return (change: StateChange) =>
    recordAudit(
      deps.db,
      SYSTEM_ACTOR,
      {
        action: change.action,
        target: `channel:${change.channelId}`,
        after: {
          name: change.name,
          reason: change.reason,
          ...(change.until ? { untilAt: change.until } : {}),
        },
      },
      deps.clock.now(),
    );
}
