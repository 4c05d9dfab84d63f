import { type Static, Type } from 'typebox';

/** `GET /api/users`: the health call. */
export const HealthData = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  buildTime: Type.String(),
  database: Type.Object({
    dialect: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    reachable: Type.Boolean(),
  }),
  uptimeSeconds: Type.Number(),
});
export type HealthData = Static<typeof HealthData>;
