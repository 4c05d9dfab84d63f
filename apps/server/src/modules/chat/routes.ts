import {
  ChatConfig,
  DeletedResult,
  EnvelopeSchema,
  HistoryQuery,
  IdsQuery,
  MessageListQuery,
  MessagePage,
  MsgClearBody,
  PAGE_SIZE,
  SendMsgBody,
  type SendMsgResult,
} from '@chuhai/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ChatStreamConfig } from '../../config.ts';
import { signedInUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { clientGoneSignal, openSse } from '../../http/sse.ts';
import type { ChatModel } from '../../providers/llm/chat-model.ts';
import * as service from './service.ts';

export interface ChatRoutesOptions {
  model: ChatModel | null;
  models: { standard: string; advanced: string | null } | null;
  stream: ChatStreamConfig;
}

/** AI 问答: ask (streamed or JSON), the current conversation, history, delete, clear. */
export const chatRoutes: FastifyPluginAsyncTypebox<ChatRoutesOptions> = async (app, options) => {
  const deps: service.ChatDeps = {
    db: app.db,
    clock: app.clock,
    log: app.log,
    model: options.model,
    models: options.models,
    idleTimeoutMs: options.stream.idleTimeoutMs,
  };

  app.get('/api/v1/getChatConfig', { schema: { response: { 200: EnvelopeSchema(ChatConfig) } } }, async () =>
    ok(service.chatConfig(deps)),
  );

  // Checks, the quota and the tag are settled before the stream opens, so those errors arrive as a
  // plain JSON envelope with their HTTP status; once streaming, errors arrive as an `error` event.
  app.post(
    '/api/v1/sendMsg/',
    { preHandler: app.requireUser, schema: { body: SendMsgBody } },
    async (request, reply) => {
      const exchange = await service.prepareExchange(deps, signedInUser(request).userId, request.body);
      const clientGone = clientGoneSignal(reply);

      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        const stream = openSse(request, reply, options.stream.heartbeatMs);
        stream.send('start', {
          id: exchange.id,
          conversationId: exchange.conversationId,
          createdAt: exchange.createdAt,
        });
        const outcome = await service.runExchange(
          deps,
          exchange,
          { text: (text) => stream.send('text', { text }) },
          clientGone,
          'stream',
        );
        if (outcome.kind === 'done')
          stream.send('done', { id: exchange.id, status: outcome.status, usage: outcome.usage });
        else
          stream.send('error', {
            code: outcome.error.code,
            msg: outcome.error.message,
            refunded: outcome.refunded,
          });
        stream.end();
        return reply;
      }

      const outcome = await service.runExchange(deps, exchange, { text: () => {} }, clientGone, 'complete');
      if (outcome.kind === 'failed') throw outcome.error;
      const message = await service.getMessage(deps.db, exchange.userId, exchange.id);
      return reply.send(ok({ message, usage: outcome.usage } satisfies SendMsgResult));
    },
  );

  app.get(
    '/api/v1/getMsgList',
    {
      preHandler: app.requireUser,
      schema: { querystring: MessageListQuery, response: { 200: EnvelopeSchema(MessagePage) } },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.messages } = request.query;
      return ok(
        await service.currentConversation(deps.db, signedInUser(request).userId, { pageNo, pageSize }),
      );
    },
  );

  app.get(
    '/api/v1/getMsgHistoryList',
    {
      preHandler: app.requireUser,
      schema: { querystring: HistoryQuery, response: { 200: EnvelopeSchema(MessagePage) } },
    },
    async (request) => {
      const { pageNo = 1, pageSize = PAGE_SIZE.messages, keyword } = request.query;
      return ok(await service.history(deps.db, signedInUser(request).userId, { pageNo, pageSize, keyword }));
    },
  );

  app.get(
    '/api/v1/deleteMsg',
    {
      preHandler: app.requireUser,
      schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await service.deleteMessages(deps.db, signedInUser(request).userId, request.query.ids), '已删除'),
  );

  app.post(
    '/api/v1/msgClear',
    {
      preHandler: app.requireUser,
      schema: { body: MsgClearBody, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) => {
      const all = request.body?.all === true;
      const result = await service.clear(deps, signedInUser(request).userId, all);
      return ok(result, all ? '历史记录已清空' : '已开始新对话');
    },
  );
};
