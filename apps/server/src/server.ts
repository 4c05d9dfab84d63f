import sharp from 'sharp';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { startDictionaries } from './lib/dictionaries/thread.ts';

/**
 * The OCR and matting models load on their first picture, several seconds each on two cores (a
 * seller's first 图片翻译 took 23.5 s, the next ones 3–4 s): loaded as soon as the server listens.
 * Not under NODE_ENV=test, where the suites start many servers and most never see a picture. The
 * language dictionaries' thread too: its first question would otherwise wait for its loading.
 */
async function warmModels(app: Awaited<ReturnType<typeof buildApp>>) {
  const started = Date.now();
  startDictionaries();
  const blank = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await Promise.allSettled([app.deps.ocr.readLines(blank), app.deps.matting.warmUp()]);
  app.log.info(`文字识别和抠图模型已加载（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
}

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
