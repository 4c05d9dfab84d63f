import type { ProviderKind, ProviderStatus, ProviderTestResult } from '@chuhai/contract';
import sharp from 'sharp';
import { callFailureText } from '../../channels/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { StaffUser } from '../../http/auth.ts';

/**
 * 服务状态: which external systems are set up, and a 测试 that makes one small real call to each and
 * times it. Only operators see this; sellers only ever see 「该功能暂未开放…」 when one is off.
 */
export type ProviderDeps = Pick<
  AppDeps,
  'config' | 'chatModel' | 'channels' | 'matting' | 'smsSender' | 'payChannels' | 'files' | 'clock'
>;

const NAMES: Record<ProviderKind, string> = {
  chat: 'AI 问答（大模型）',
  drawing: 'AI 绘画（文生图）',
  matting: '抠图模型',
  sms: '短信',
  payment: '支付',
  storage: '文件存储',
};

/** How many channels of a kind are on, and how many of those are cooling down. */
async function channelSummary(deps: ProviderDeps, kind: 'chat' | 'image'): Promise<string> {
  const live = await deps.channels.console.live(kind);
  if (live.length === 0) return '未配置';
  const cooling = live.filter((c) => c.cooling).length;
  return `${live.length} 个渠道${cooling ? `（${cooling} 个冷却中）` : ''}：${live.map((c) => c.name).join('、')}`;
}

export async function providerStatuses(deps: ProviderDeps): Promise<ProviderStatus[]> {
  const { config } = deps;
  const models = await deps.chatModel.models();
  const chatChannels = await channelSummary(deps, 'chat');
  const imageChannels = await channelSummary(deps, 'image');
  const status = (
    kind: ProviderKind,
    configured: boolean,
    detail: string,
    howTo: string,
  ): ProviderStatus => ({
    kind,
    name: NAMES[kind],
    configured,
    detail,
    howTo,
  });
  const realChannels = [...deps.payChannels.values()].filter((c) => !c.sandbox).map((c) => c.name);
  return [
    status(
      'chat',
      models !== null,
      models
        ? `${chatChannels} · ${models.standard}${models.advanced ? ` / ${models.advanced}` : ''}`
        : chatChannels,
      '在「渠道」页新增对话渠道，或设置 LLM_BASE_URL、LLM_API_KEY、LLM_MODEL_STANDARD（可选 LLM_MODEL_ADVANCED），见 README「AI 问答」',
    ),
    status(
      'drawing',
      imageChannels !== '未配置',
      imageChannels,
      '在「渠道」页新增图片渠道，或设置 IMAGE_PROVIDER（openai、dashscope 或 sdwebui）、IMAGE_BASE_URL、IMAGE_API_KEY、IMAGE_MODEL，见 README「AI 绘画」',
    ),
    status(
      'matting',
      true,
      config.matting.url
        ? `外部服务 ${config.matting.url}`
        : `内置模型（${config.matting.model}），${config.matting.workers} 个工作线程`,
      '默认使用内置模型；MATTING_URL 可指向兼容 rembg 的抠图服务，MATTING_WORKERS 设置并行数，见 README「智能做图」',
    ),
    status(
      'sms',
      config.sms.provider !== 'console',
      config.sms.provider === 'console'
        ? '控制台（验证码只写进服务器日志）'
        : config.sms.provider === 'aliyun'
          ? '阿里云短信'
          : '腾讯云短信',
      '设置 SMS_PROVIDER=aliyun 或 tencent 及其密钥、签名和模板，见 README「短信」',
    ),
    status(
      'payment',
      realChannels.length > 0,
      [...deps.payChannels.values()]
        .map((c) => (c.sandbox ? '沙箱' : c.name === 'alipay' ? '支付宝' : '微信支付'))
        .join('、') || '无',
      '支付宝设置 ALIPAY_*，微信支付设置 WECHAT_PAY_*，见 README「支付」',
    ),
    status(
      'storage',
      true,
      config.storage.kind === 's3'
        ? `S3 兼容存储 ${config.storage.endpoint} · ${config.storage.bucket}`
        : `本机磁盘 ${config.storage.dir}`,
      '默认存本机磁盘；多台服务器时设置 STORAGE=s3 与 S3_*，见 README「文件存储」',
    ),
  ];
}

/** Makes one small real call to a provider and says how it went and how long it took. */
export async function testProvider(
  deps: ProviderDeps,
  staff: StaffUser,
  kind: ProviderKind,
): Promise<ProviderTestResult> {
  const started = performance.now();
  const result = (ok: boolean, message: string): ProviderTestResult => ({
    ok,
    message,
    tookMs: Math.round(performance.now() - started),
  });
  try {
    return result(true, await probe(deps, staff, kind));
  } catch (error) {
    return result(false, callFailureText(error));
  }
}

async function probe(deps: ProviderDeps, staff: StaffUser, kind: ProviderKind): Promise<string> {
  switch (kind) {
    case 'chat':
      return deps.channels.console.probeRouted('chat', staff.userId);
    case 'drawing':
      return deps.channels.console.probeRouted('image', staff.userId);
    case 'matting': {
      const photo = await sharp({
        create: { width: 96, height: 96, channels: 3, background: { r: 240, g: 240, b: 240 } },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="96" height="96"><circle cx="48" cy="48" r="28" fill="#c0392b"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      const mask = await deps.matting.matte(photo);
      return `抠图完成，蒙版 ${mask.width}×${mask.height}`;
    }
    case 'sms': {
      await deps.smsSender.send({
        phone: staff.phone,
        code: String(Date.now() % 1_000_000).padStart(6, '0'),
        type: 2,
        validMinutes: 5,
      });
      return deps.smsSender.name === 'console'
        ? '控制台网关：验证码已写进服务器日志（没有真的发短信）'
        : `已向 ${staff.phone} 发送一条测试验证码短信`;
    }
    case 'payment': {
      const lines: string[] = [];
      for (const channel of deps.payChannels.values()) {
        // Asking about an order that does not exist proves the keys, the signature and the network.
        const orderNo = `CHPROBE${deps.clock.now()}`;
        const paid = await channel.query({
          orderNo,
          amount: 1,
          productName: '连通测试',
          expiresAt: deps.clock.now(),
        });
        lines.push(`${channel.sandbox ? '沙箱' : channel.name}：已应答${paid ? '（意外：报告已支付）' : ''}`);
      }
      if (lines.length === 0) throw new Error('没有可用的支付渠道');
      return lines.join('；');
    }
    case 'storage': {
      const key = `probe/${deps.clock.now()}.png`;
      const bytes = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await deps.files.put(key, bytes, 'image/png');
      const back = await deps.files.get(key);
      await deps.files.delete(key);
      if (!back?.bytes.equals(bytes)) throw new Error('写入后读回的内容不一致');
      return '写入、读回、删除都成功';
    }
  }
}
