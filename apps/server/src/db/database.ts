import type { AccountTables } from '../modules/account/table.ts';

/** The whole schema, assembled from each module's `table.ts`. */
export interface Database extends AccountTables {}
