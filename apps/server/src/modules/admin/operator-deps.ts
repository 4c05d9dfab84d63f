import type { AppDeps } from '../../deps.ts';

/** What the console's own services (dashboard, costs, users) read: the database, the clock, settings. */
export type OperatorDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
