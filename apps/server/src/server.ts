import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { warmModels } from './warm-up.ts';

/** Starts the server and shuts it down cleanly: in-flight requests finish, then the database closes. */
async function main() {
  const config = loadConfigOrExit();

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务：等待进行中的请求完成');
    const forceExit = setTimeout(() => {
      app.log.error('停止超时，强制退出');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    await app.close();
    app.log.info('服务已停止');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  app.log.info(`出海助手已启动：http://${shownHost}:${port}`);
  if (config.nodeEnv !== 'test') void warmModels(app);
}

main().catch((error: unknown) => {
  console.error('启动失败：', error);
  process.exit(1);
});
