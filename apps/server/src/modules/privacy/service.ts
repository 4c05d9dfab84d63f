import { type MyDataExport, ResultCode, SMS_CODE_TYPE } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import * as accounts from '../account/repository.ts';
import { listSessions, newInviteCode } from '../account/service.ts';
import type { SessionUser } from '../account/session.ts';
import * as chat from '../chat/repository.ts';
import { currentVip } from '../entitlement/service.ts';
import * as images from '../images/repository.ts';
import { fileLink } from '../images/service.ts';
import * as invites from '../invite/repository.ts';
import * as orders from '../order/repository.ts';
import * as tags from '../prompt/repository.ts';
import * as smsCodes from '../sms/repository.ts';
import { checkCode, consumeCode } from '../sms/service.ts';
import * as throttle from '../throttle/repository.ts';

/**
 * The user's rights over their personal information (PIPL): a copy of everything we hold
 * (导出我的数据), and 注销账号, which removes what is theirs and keeps only what the law needs.
 */
export type PrivacyDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'files' | 'fileUrlSecret' | 'config'>;

async function accountOf(deps: PrivacyDeps, userId: number) {
  const user = await accounts.findUserById(deps.db, userId);
  if (!user) throw new AppError(ResultCode.tokenInvalid, '账号不存在，请重新登录');
  return user;
}

/** `GET /api/v1/account/export`: account, VIP, orders, chats, tags, images, devices, invitations. */
export async function exportMyData(deps: PrivacyDeps, caller: SessionUser): Promise<MyDataExport> {
  const { db } = deps;
  const userId = caller.userId;
  const user = await accountOf(deps, userId);
  const now = deps.clock.now();
  const [vip, orderRows, chats, tagRows, imageRows, sessions, totals] = await Promise.all([
    currentVip(db, userId, now),
    orders.allOrders(db, userId),
    chat.allMessages(db, userId),
    tags.allTags(db, userId),
    images.allOwnImages(db, userId),
    listSessions(deps, caller),
    invites.totals(db, userId),
  ]);
  return {
    exportedAt: now,
    account: { phone: user.phone, inviteCode: user.invite_code, createdAt: Number(user.created_at) },
    vip,
    orders: orderRows.map((o) => ({
      orderNo: o.order_no,
      productName: o.product_name,
      amountFen: Number(o.amount),
      channel: o.channel,
      status: o.status,
      createdAt: Number(o.created_at),
      paidAt: o.paid_at === null ? null : Number(o.paid_at),
    })),
    chats: chats.map((m) => ({
      question: m.content,
      answer: m.answer,
      tag: m.tag_title,
      createdAt: Number(m.created_at),
    })),
    tags: tagRows.map((t) => ({ title: t.title, prompt: t.prompt, updatedAt: Number(t.updated_at) })),
    images: imageRows.map((i) => ({
      kind: i.kind,
      prompt: i.prompt,
      createdAt: Number(i.created_at),
      url: fileLink(deps, i.file_key),
    })),
    sessions,
    invitations: { invitedCount: totals.invited, rewardDaysTotal: totals.days },
  };
}

/**
 * `POST /api/v1/account/delete` {code}: 注销账号, confirmed by an SMS code sent to the account's
 * number. In one transaction: chats, tags and image rows are deleted, every session ends, codes
 * and counters about the number are forgotten, and the account row is anonymised (its orders stay,
 * without a phone, as the law requires). Then the image files are removed.
 */
export async function deleteMyAccount(deps: PrivacyDeps, caller: SessionUser, code: string): Promise<void> {
  const { db } = deps;
  const user = await accountOf(deps, caller.userId);
  const codeId = await checkCode(deps, user.phone, SMS_CODE_TYPE.deleteAccount, code.trim());
  const now = deps.clock.now();
  const fileKeys = await db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    await chat.deleteAllMessages(trx, user.id);
    await tags.deleteAllTags(trx, user.id);
    const keys = await images.deleteAllOwnImages(trx, user.id);
    await accounts.revokeOtherSessions(trx, user.id, null, now);
    await smsCodes.deleteCodesFor(trx, user.phone);
    await throttle.deleteEventsAbout(trx, user.phone);
    await accounts.anonymiseUser(trx, user.id, { inviteCode: await newInviteCode(trx), now });
    return keys;
  });
  for (const key of fileKeys)
    await deps.files
      .delete(key)
      .catch((err) => deps.log.warn({ err, key }, 'file of a deleted account not removed'));
  deps.log.info({ userId: user.id, files: fileKeys.length }, 'account deleted at its owner’s request');
}
