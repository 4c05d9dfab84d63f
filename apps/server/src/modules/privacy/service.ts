import { type MyDataExport, ResultCode, SMS_CODE_TYPE } from '@chuhai/contract';
import type { DataSubject, PersonalData } from '../../app-module.ts';
import type { AppDeps } from '../../deps.ts';
import type { SessionUser } from '../../http/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import * as accounts from '../account/service.ts';
import { checkCode, consumeCode } from '../sms/service.ts';

/**
 * The user's rights over their personal information (PIPL): a copy of everything we hold
 * (导出我的数据), and 注销账号, which removes what is theirs and keeps only what the law needs.
 * What each table holds and what happens to it is declared by the module that owns it
 * (`AppModule.personalData`); this service only runs those declarations.
 */
export type PrivacyDeps = AppDeps;

async function subjectOf(deps: PrivacyDeps, caller: SessionUser): Promise<DataSubject> {
  const user = await accounts.findUserById(deps.db, caller.userId);
  if (!user) throw new AppError(ResultCode.tokenInvalid, '账号不存在，请重新登录');
  return { id: user.id, phone: user.phone, sessionId: caller.sessionId };
}

/** `GET /api/v1/account/export`: every module's part, in one document. */
export async function exportMyData(
  deps: PrivacyDeps,
  holders: PersonalData[],
  caller: SessionUser,
): Promise<MyDataExport> {
  const user = await subjectOf(deps, caller);
  const parts = await Promise.all(holders.map((holder) => holder.exportFor?.(deps, user) ?? {}));
  return Object.assign({ exportedAt: deps.clock.now() }, ...parts) as MyDataExport;
}

/**
 * `POST /api/v1/account/delete` {code}: 注销账号, confirmed by an SMS code sent to the account's
 * number. Every module erases its rows in one transaction (the account row is anonymised, orders
 * stay without a phone as the law requires); then the files they named are removed.
 */
export async function deleteMyAccount(
  deps: PrivacyDeps,
  holders: PersonalData[],
  caller: SessionUser,
  code: string,
): Promise<void> {
  const user = await subjectOf(deps, caller);
  const codeId = await checkCode(deps, user.phone, SMS_CODE_TYPE.deleteAccount, code.trim());
  const now = deps.clock.now();
  const fileKeys = await deps.db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeId, now);
    const keys: string[] = [];
    // The account row last: the other modules still find the user by id and phone before it.
    for (const holder of holders) keys.push(...((await holder.eraseIn?.(trx, user, now)) ?? []));
    return keys;
  });
  for (const key of fileKeys)
    await deps.files
      .delete(key)
      .catch((err) => deps.log.warn({ err, key }, 'file of a deleted account not removed'));
  deps.log.info({ userId: user.id, files: fileKeys.length }, 'account deleted at its owner’s request');
}
