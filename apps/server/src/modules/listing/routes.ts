import {
  EnvelopeSchema,
  GenerateListingBody,
  Listing,
  ListingIdParams,
  ListingListQuery,
  ListingPage,
  type ListingStreamEvents,
  SaveListingBody,
} from '@chuhai/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppModule, Routes } from '../../app-module.ts';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { clientGoneSignal, openSse, type SseStream } from '../../http/sse.ts';
import { AppError } from '../../lib/app-error.ts';
import { listingPersonalData } from './personal-data.ts';
import * as service from './service.ts';

/**
 * A write (generate or fix) as an event stream: `progress` while the model writes, then `listing`
 * or `error`. Refusals before any work (bad input, quota, VIP, not configured) are plain JSON
 * envelopes, like the chat's.
 */
async function streamWrite(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (progress: service.WriteProgress, signal: AbortSignal) => Promise<Listing>,
) {
  const signal = clientGoneSignal(reply);
  // Opened with the first words from the model: a refusal before that is a plain envelope.
  const open: { stream: SseStream<ListingStreamEvents> | null } = { stream: null };
  const progress: service.WriteProgress = {
    progress: (chars, stage) => {
      open.stream ??= openSse<ListingStreamEvents>(request, reply, deps.config.chat.heartbeatMs);
      open.stream.send('progress', { chars, stage });
    },
  };
  try {
    const listing = await write(progress, signal);
    if (!open.stream) return reply.send(ok(listing));
    open.stream.send('listing', listing);
  } catch (error) {
    if (!open.stream) throw error;
    const failure = error instanceof AppError ? error : new AppError(500, '服务器出错了，请稍后再试');
    // Every failure after the use was taken gives it back (service.paidWrite).
    open.stream.send('error', { code: failure.code, msg: failure.message, refunded: true });
  }
  open.stream.end();
  return reply;
}

/** Listing 工作台. */
const userRoutes: Routes = async (app, { deps }) => {
  app.post('/api/v1/listing/generate', { schema: { body: GenerateListingBody } }, (request, reply) =>
    streamWrite(deps, request, reply, (progress, signal) =>
      service.generateListing(deps, request.user.userId, request.body, progress, signal),
    ),
  );

  app.post('/api/v1/listing/:id/fix', { schema: { params: ListingIdParams } }, (request, reply) =>
    streamWrite(deps, request, reply, (progress, signal) =>
      service.fixListing(deps, request.user.userId, request.params.id, progress, signal),
    ),
  );

  app.get(
    '/api/v1/listing/list',
    { schema: { querystring: ListingListQuery, response: { 200: EnvelopeSchema(ListingPage) } } },
    async (request) => ok(await service.listingPage(deps, request.user.userId, request.query)),
  );

  app.get(
    '/api/v1/listing/:id',
    { schema: { params: ListingIdParams, response: { 200: EnvelopeSchema(Listing) } } },
    async (request) => ok(await service.getListing(deps, request.user.userId, request.params.id)),
  );

  app.post(
    '/api/v1/listing/:id',
    {
      schema: { params: ListingIdParams, body: SaveListingBody, response: { 200: EnvelopeSchema(Listing) } },
    },
    async (request) =>
      ok(
        await service.saveListing(deps, request.user.userId, request.params.id, request.body.text),
        '已保存',
      ),
  );

  app.post(
    '/api/v1/listing/:id/delete',
    { schema: { params: ListingIdParams, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await service.deleteListing(deps, request.user.userId, request.params.id);
      return ok(null, '已删除');
    },
  );
};

export const listingModule: AppModule = { name: 'listing', userRoutes, personalData: listingPersonalData };
