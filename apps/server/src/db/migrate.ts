import type { Kysely } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import * as accounts from './migrations/0001-accounts.ts';
import * as codesLimitsEntitlements from './migrations/0002-codes-limits-entitlements.ts';
import * as chat from './migrations/0003-chat.ts';
import * as invitations from './migrations/0004-invitations.ts';
import * as orders from './migrations/0005-orders.ts';
import * as drawings from './migrations/0006-drawings.ts';
import * as studioImages from './migrations/0007-studio-images.ts';
import * as studioImagesAge from './migrations/0008-studio-images-age.ts';

/**
 * Every migration, in order. Listed in code rather than read from a folder so the set is fixed at
 * build time and the same on SQLite and PostgreSQL.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-codes-limits-entitlements': codesLimitsEntitlements,
  '0003-chat': chat,
  '0004-invitations': invitations,
  '0005-orders': orders,
  '0006-drawings': drawings,
  '0007-studio-images': studioImages,
  '0008-studio-images-age': studioImagesAge,
};

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? '未知';
    throw new Error(`数据库迁移 ${failed} 失败：${String(result.error)}`, { cause: result.error });
  }
  return result;
}
