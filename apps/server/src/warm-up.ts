import sharp from 'sharp';
import type { buildApp } from './app.ts';
import { startDictionaries } from './lib/dictionaries/thread.ts';

/**
 * The OCR and matting models load on their first picture, several seconds each on two cores (a
 * seller's first 图片翻译 took 23.5 s, the next ones 3–4 s): loaded as soon as a node is up, an app
 * node (server.ts) or a queue-only one (worker.ts), whose first 批量处理 image or 一键出海 item would
 * otherwise wait for them. The language dictionaries' thread too: its first question would
 * otherwise wait for its loading. Not under NODE_ENV=test, where the suites start many servers and
 * most never see a picture.
 */
export async function warmModels(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const started = Date.now();
  startDictionaries();
  const blank = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await Promise.allSettled([app.deps.ocr.readLines(blank), app.deps.matting.warmUp()]);
  app.log.info(`文字识别和抠图模型已加载（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
}
