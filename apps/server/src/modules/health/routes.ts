import { EnvelopeSchema, HealthData, ResultCode } from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { fail, ok } from '../../http/envelope.ts';
import { VERSION } from '../../version.ts';

const startedAt = Date.now();

/** `GET /api/users`: the health call (spec section 7's "test call"): version and database reachability. */
const publicRoutes: Routes = async (app) => {
  app.get(
    '/api/users',
    { schema: { response: { 200: EnvelopeSchema(HealthData), 503: EnvelopeSchema(HealthData) } } },
    async (_request, reply) => {
      const reachable = await app.database.ping();
      const data: HealthData = {
        status: reachable ? 'ok' : 'degraded',
        version: VERSION,
        buildTime: app.buildTime,
        database: { dialect: app.database.dialect, reachable },
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      if (reachable) return ok(data);
      return reply.status(503).send(fail(ResultCode.providerUnavailable, '数据库暂时无法连接', data));
    },
  );
};

export const healthModule: AppModule = { name: 'health', publicRoutes };
