import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { warmModels } from './warm-up.ts';

/**
 * A worker node: the same app without an HTTP port. It takes 批量处理 images from the queue
 * (BATCH_WORKERS at once, default 1) and runs the periodic sweeps; app nodes can then set
 * BATCH_WORKERS=0 and only serve requests. `npm run worker`.
 */
async function main() {
  const config = loadConfigOrExit({ ...process.env, BATCH_WORKERS: process.env.BATCH_WORKERS ?? '1' });
  const app = await buildApp(config);
  await app.ready();
  app.log.info({ workers: config.batchWorkers }, '出海助手工作节点已启动');
  if (config.nodeEnv !== 'test') void warmModels(app);
  const stop = async (signal: string) => {
    app.log.info({ signal }, '正在停止工作节点：等待进行中的图片完成');
    const forceExit = setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    forceExit.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('启动失败：', error);
  process.exit(1);
});
