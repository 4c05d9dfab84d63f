import {
  EnvelopeSchema,
  NewRedeemBatch,
  RedeemBatch,
  RedeemBatchBody,
  RedeemBatchPage,
  RedeemBatchQuery,
  RedeemBody,
  RedeemResult,
} from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { actorOf, requireAdmin, requireMoneyAuth, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

const userRoutes: Routes = async (app, { deps }) => {
  app.post(
    '/api/v1/redeem',
    { schema: { body: RedeemBody, response: { 200: EnvelopeSchema(RedeemResult) } } },
    async (request) => {
      const result = await service.redeemCode(deps, request.user.userId, request.ip, request.body.code);
      return ok(
        result,
        result.repeat
          ? `这个兑换码你已兑换过（${result.days} 天 VIP），没有重复计入`
          : `兑换成功，获得 ${result.days} 天 VIP`,
      );
    },
  );
};

const BatchParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** 运营后台 · 兑换码: making a batch hands out VIP, so it needs two-factor like any money action. */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/redeem-batches',
    { schema: { querystring: RedeemBatchQuery, response: { 200: EnvelopeSchema(RedeemBatchPage) } } },
    async (request) => ok(await service.listBatches(deps, request.query)),
  );

  app.post(
    '/api/admin/redeem-batches',
    { schema: { body: RedeemBatchBody, response: { 200: EnvelopeSchema(NewRedeemBatch) } } },
    async (request) => {
      await requireMoneyAuth(request, request.body.totp);
      return ok(await service.createBatch(deps, actorOf(request), request.body), '兑换码已生成');
    },
  );

  app.post(
    '/api/admin/redeem-batches/:id/disable',
    {
      schema: {
        params: BatchParams,
        body: Type.Object({ disabled: Type.Boolean() }),
        response: { 200: EnvelopeSchema(RedeemBatch) },
      },
    },
    async (request) => {
      requireAdmin(staffOf(request));
      const batch = await service.setBatchDisabled(
        deps,
        actorOf(request),
        request.params.id,
        request.body.disabled,
      );
      return ok(batch, batch.disabled ? '这批兑换码已停用' : '这批兑换码已恢复');
    },
  );
};

export const redeemModule: AppModule = {
  name: 'redeem',
  userRoutes,
  staffRoutes,
  personalData: {
    tables: [
      { table: 'redeem_batches', columns: ['created_by'], onDelete: { kept: '操作员生成兑换码的记录' } },
      {
        table: 'redeem_codes',
        columns: ['redeemed_by'],
        onDelete: { kept: '一个兑换码只能用一次，用过的记录保留（只有账号编号，账号已匿名）' },
      },
    ],
  },
};
