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

/**
 * `GET /api/ready`: whether this node can take traffic: its database, its file store and its job
 * queue each answer. The load balancer's readiness probe; `/api/users` stays the liveness check.
 */
export const ReadyData = Type.Object({
  ready: Type.Boolean(),
  /** The node's NODE_NAME, only when the operator set one: the host name is never shown. */
  node: Type.Optional(Type.String()),
  checks: Type.Object({
    database: Type.Boolean(),
    storage: Type.Boolean(),
    queue: Type.Boolean(),
  }),
});
export type ReadyData = Static<typeof ReadyData>;
