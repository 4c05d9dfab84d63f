import { Announcement, AnnouncementBody, EnvelopeSchema } from '@chuhai/contract';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import { actorOf, requireAdmin, staffOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './service.ts';

const publicRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/v1/announcements',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(Announcement)) } } },
    async () => ok(await service.liveAnnouncements(deps)),
  );
};

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** 运营后台 · 公告. */
const staffRoutes: Routes = async (app, { deps }) => {
  app.get(
    '/api/admin/announcements',
    { schema: { response: { 200: EnvelopeSchema(Type.Array(Announcement)) } } },
    async () => ok(await service.allAnnouncements(deps)),
  );

  app.post(
    '/api/admin/announcements',
    { schema: { body: AnnouncementBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      await service.saveAnnouncement(deps, actorOf(request), null, request.body);
      return ok(null, '公告已发布');
    },
  );

  app.post(
    '/api/admin/announcements/:id',
    { schema: { params: IdParams, body: AnnouncementBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      await service.saveAnnouncement(deps, actorOf(request), request.params.id, request.body);
      return ok(null, '公告已保存');
    },
  );

  app.post(
    '/api/admin/announcements/:id/delete',
    { schema: { params: IdParams, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      requireAdmin(staffOf(request));
      await service.deleteAnnouncement(deps, actorOf(request), request.params.id);
      return ok(null, '公告已删除');
    },
  );
};

export const announcementModule: AppModule = {
  name: 'announcement',
  publicRoutes,
  staffRoutes,
  personalData: {
    tables: [
      {
        table: 'announcements',
        columns: ['created_by'],
        onDelete: { kept: '操作员发布的公告，属于网站内容' },
      },
    ],
  },
};
