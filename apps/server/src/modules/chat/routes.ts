import {
  ChatConfig,
  Conversation,
  ConversationIdParams,
  ConversationListQuery,
  ConversationPage,
  DeletedResult,
  EnvelopeSchema,
  HistoryQuery,
  IdsQuery,
  MessageListQuery,
  MessagePage,
  MsgClearBody,
  RenameConversationBody,
  SendMsgBody,
  type SendMsgResult,
} from '@chuhai/contract';
import type { AppModule, Routes } from '../../app-module.ts';
import { ok } from '../../http/envelope.ts';
import { clientGoneSignal, openSse } from '../../http/sse.ts';
import { chatPersonalData } from './personal-data.ts';
import * as service from './service.ts';

/** Whether chat is configured, and which models: the screen needs it before anyone signs in. */
const publicRoutes: Routes = async (app, { deps }) => {
  app.get('/api/v1/getChatConfig', { schema: { response: { 200: EnvelopeSchema(ChatConfig) } } }, async () =>
    ok(await service.chatConfig(deps)),
  );
};

/** AI 问答: ask (streamed or JSON), the current conversation, history, delete, clear, past conversations. */
const userRoutes: Routes = async (app, { deps }) => {
  // Checks, the quota and the tag are settled before the stream opens, so those errors arrive as a
  // plain JSON envelope with their HTTP status; once streaming, errors arrive as an `error` event.
  app.post('/api/v1/sendMsg/', { schema: { body: SendMsgBody } }, async (request, reply) => {
    const exchange = await service.prepareExchange(deps, request.user.userId, request.body);
    const clientGone = clientGoneSignal(reply);

    if ((request.headers.accept ?? '').includes('text/event-stream')) {
      const stream = openSse(request, reply, deps.config.chat.heartbeatMs);
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
  });

  app.get(
    '/api/v1/getMsgList',
    {
      schema: { querystring: MessageListQuery, response: { 200: EnvelopeSchema(MessagePage) } },
    },
    async (request) => ok(await service.currentConversation(deps.db, request.user.userId, request.query)),
  );

  app.get(
    '/api/v1/getMsgHistoryList',
    {
      schema: { querystring: HistoryQuery, response: { 200: EnvelopeSchema(MessagePage) } },
    },
    async (request) => ok(await service.history(deps.db, request.user.userId, request.query)),
  );

  app.get(
    '/api/v1/deleteMsg',
    {
      schema: { querystring: IdsQuery, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await service.deleteMessages(deps.db, request.user.userId, request.query.ids), '已删除'),
  );

  app.post(
    '/api/v1/msgClear',
    {
      schema: { body: MsgClearBody, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) => {
      const all = request.body?.all === true;
      const result = await service.clear(deps, request.user.userId, all);
      return ok(result, all ? '历史记录已清空' : '已开始新对话');
    },
  );

  app.get(
    '/api/v1/conversations',
    {
      schema: { querystring: ConversationListQuery, response: { 200: EnvelopeSchema(ConversationPage) } },
    },
    async (request) => ok(await service.conversations(deps.db, request.user.userId, request.query)),
  );

  app.post(
    '/api/v1/conversations/:id/open',
    {
      schema: { params: ConversationIdParams, response: { 200: EnvelopeSchema(Conversation) } },
    },
    async (request) =>
      ok(await service.resumeConversation(deps, request.user.userId, request.params.id), '已打开对话'),
  );

  app.post(
    '/api/v1/conversations/:id/rename',
    {
      schema: {
        params: ConversationIdParams,
        body: RenameConversationBody,
        response: { 200: EnvelopeSchema(Conversation) },
      },
    },
    async (request) =>
      ok(
        await service.renameConversation(deps.db, request.user.userId, request.params.id, request.body.title),
        '已重命名',
      ),
  );

  app.post(
    '/api/v1/conversations/:id/delete',
    {
      schema: { params: ConversationIdParams, response: { 200: EnvelopeSchema(DeletedResult) } },
    },
    async (request) =>
      ok(await service.deleteConversation(deps.db, request.user.userId, request.params.id), '已删除对话'),
  );
};

export const chatModule: AppModule = {
  name: 'chat',
  personalData: chatPersonalData,
  publicRoutes,
  userRoutes,
  onReady: async (deps) => {
    if (!(await deps.chatModel.models())) deps.log.warn(service.CHAT_SETUP_HINT);
  },
};
