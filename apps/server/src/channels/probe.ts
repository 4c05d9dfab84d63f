import sharp from 'sharp';
import type { LiveChannel } from './channel-book.ts';
import type { ChatRouter } from './chat-router.ts';
import type { ImageRouter } from './image-router.ts';

/** One small call on one channel, and what it gave in the operator's words. */
export async function probeMessage(
  routers: { chat: ChatRouter; images: ImageRouter },
  channel: LiveChannel,
  claim: boolean,
): Promise<string> {
  if (channel.kind === 'chat') {
    const answer = await routers.chat.probe(channel, claim);
    return answer === null ? '另一个节点正在试探' : `模型回复：${answer.slice(0, 40)}`;
  }
  const image = await routers.images.probe(channel, claim);
  if (image === null) return '另一个节点正在试探';
  const meta = await sharp(image).metadata();
  return `生成了一张 ${meta.width}×${meta.height} 的图片（${Math.round(image.length / 1024)} KB）`;
}
