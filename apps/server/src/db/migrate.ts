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
import * as storedImages from './migrations/0009-stored-images.ts';
import * as workSlots from './migrations/0010-work-slots.ts';
import * as orderQueriedAt from './migrations/0011-order-queried-at.ts';
import * as usedCaptchas from './migrations/0012-used-captchas.ts';
import * as sessionDevices from './migrations/0013-session-devices.ts';
import * as operators from './migrations/0014-operators.ts';
import * as operatorSettings from './migrations/0015-operator-settings.ts';
import * as listings from './migrations/0016-listings.ts';
import * as batch from './migrations/0017-batch.ts';
import * as batchHeldBytes from './migrations/0018-batch-held-bytes.ts';
import * as providerChannels from './migrations/0019-provider-channels.ts';
import * as chatConversationTitles from './migrations/0020-chat-conversation-titles.ts';
import * as translateGlossary from './migrations/0021-translate-glossary.ts';
import * as channelKeyRests from './migrations/0022-channel-key-rests.ts';
import * as translations from './migrations/0023-translations.ts';
import * as channelBalance from './migrations/0024-channel-balance.ts';
import * as studioWorks from './migrations/0025-studio-works.ts';
import * as localise from './migrations/0026-localise.ts';
import * as localiseStartKey from './migrations/0027-localise-start-key.ts';
import * as localiseSharedResults from './migrations/0028-localise-shared-results.ts';
import * as actionKeys from './migrations/0029-action-keys.ts';
import * as imageAbout from './migrations/0030-image-about.ts';

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
  '0009-stored-images': storedImages,
  '0010-work-slots': workSlots,
  '0011-order-queried-at': orderQueriedAt,
  '0012-used-captchas': usedCaptchas,
  '0013-session-devices': sessionDevices,
  '0014-operators': operators,
  '0015-operator-settings': operatorSettings,
  '0016-listings': listings,
  '0017-batch': batch,
  '0018-batch-held-bytes': batchHeldBytes,
  '0019-provider-channels': providerChannels,
  '0020-chat-conversation-titles': chatConversationTitles,
  '0021-translate-glossary': translateGlossary,
  '0022-channel-key-rests': channelKeyRests,
  '0023-translations': translations,
  '0024-channel-balance': channelBalance,
  '0025-studio-works': studioWorks,
  '0026-localise': localise,
  '0027-localise-start-key': localiseStartKey,
  '0028-localise-shared-results': localiseSharedResults,
  '0029-action-keys': actionKeys,
  '0030-image-about': imageAbout,
};

/** Applies every pending migration; throws with the failing migration's name. */
export function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  return migrateUpTo(db, null);
}

/** Applies pending migrations up to and including `name` (null: all); tests stop at an old schema. */
export async function migrateUpTo(db: Kysely<unknown>, name: string | null): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const result = await (name === null ? migrator.migrateToLatest() : migrator.migrateTo(name));
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? '未知';
    throw new Error(`数据库迁移 ${failed} 失败：${String(result.error)}`, { cause: result.error });
  }
  return result;
}
