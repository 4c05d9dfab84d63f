import type { ChannelTables } from '../channels/table.ts';
import type { AccountTables } from '../modules/account/table.ts';
import type { AnnouncementTables } from '../modules/announcement/table.ts';
import type { AuditTables } from '../modules/audit/table.ts';
import type { BatchTables } from '../modules/batch/table.ts';
import type { ChatTables } from '../modules/chat/table.ts';
import type { EntitlementTables } from '../modules/entitlement/table.ts';
import type { StoredImageTables } from '../modules/images/table.ts';
import type { InviteTables } from '../modules/invite/table.ts';
import type { ListingTables } from '../modules/listing/table.ts';
import type { LocaliseTables } from '../modules/localise/table.ts';
import type { OrderTables } from '../modules/order/table.ts';
import type { PricingTables } from '../modules/pricing/table.ts';
import type { PromptTables } from '../modules/prompt/table.ts';
import type { RedeemTables } from '../modules/redeem/table.ts';
import type { SmsTables } from '../modules/sms/table.ts';
import type { StudioTables } from '../modules/studio/table.ts';
import type { ThrottleTables } from '../modules/throttle/table.ts';
import type { TranslateTables } from '../modules/translate/table.ts';
import type { QueueTables } from '../queue/table.ts';

/** The whole schema, assembled from each module's `table.ts`. */
export interface Database
  extends AccountTables,
    SmsTables,
    ThrottleTables,
    EntitlementTables,
    ChatTables,
    PromptTables,
    InviteTables,
    OrderTables,
    PricingTables,
    RedeemTables,
    StoredImageTables,
    AuditTables,
    AnnouncementTables,
    ListingTables,
    LocaliseTables,
    BatchTables,
    QueueTables,
    ChannelTables,
    TranslateTables,
    StudioTables {}
