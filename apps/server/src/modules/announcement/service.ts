import { type Announcement, type AnnouncementBody, ResultCode } from '@chuhai/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBlockedWord } from '../../lib/content-safety/word-check.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import * as announcements from './repository.ts';

/** 公告: written in the console, shown to everyone while they run. */
export type AnnouncementDeps = Pick<AppDeps, 'db' | 'clock'>;

function toAnnouncement(row: announcements.AnnouncementRow): Announcement {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    place: row.place === 'card' ? 'card' : 'bar',
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
  };
}

function check(body: AnnouncementBody): AnnouncementBody {
  if (body.endsAt <= body.startsAt) throw new AppError(ResultCode.badRequest, '结束时间应晚于开始时间');
  const word = findBlockedWord(`${body.title}\n${body.body}`);
  if (word) throw new AppError(ResultCode.badRequest, `公告含有不允许发布的词语「${word}」`);
  return { ...body, title: body.title.trim() };
}

/** `GET /api/v1/announcements`: what is showing now. */
export async function liveAnnouncements(deps: AnnouncementDeps): Promise<Announcement[]> {
  return (await announcements.liveAnnouncements(deps.db, deps.clock.now())).map(toAnnouncement);
}

export async function allAnnouncements(deps: AnnouncementDeps): Promise<Announcement[]> {
  return (await announcements.allAnnouncements(deps.db)).map(toAnnouncement);
}

export async function saveAnnouncement(
  deps: AnnouncementDeps,
  actor: Actor,
  id: number | null,
  body: AnnouncementBody,
): Promise<void> {
  const values = check(body);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    let target = id;
    if (target === null) target = await announcements.insertAnnouncement(trx, values, actor.userId, now);
    else if (!(await announcements.updateAnnouncement(trx, target, values, now)))
      throw new AppError(ResultCode.notFound, '公告不存在或已删除');
    await recordAudit(
      trx,
      actor,
      {
        action: id === null ? 'announcement.create' : 'announcement.edit',
        target: `announcement:${target}`,
        after: values,
      },
      now,
    );
  });
}

export async function deleteAnnouncement(deps: AnnouncementDeps, actor: Actor, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await announcements.deleteAnnouncement(trx, id)))
      throw new AppError(ResultCode.notFound, '公告不存在或已删除');
    await recordAudit(trx, actor, { action: 'announcement.delete', target: `announcement:${id}` }, now);
  });
}
