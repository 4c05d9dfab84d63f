import { ProviderError } from '../providers/provider-error.ts';

/** What a failed call was made to, for the sentence's hint (the address, the model sent). */
export interface CallTarget {
  provider: string;
  baseUrl: string;
  model?: string;
}

/** Node's TLS failures by code (`CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`, `EPROTO`…). */
const TLS_CODE = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/** The first system error code in `error`'s cause chain (`ECONNREFUSED`, `ENOTFOUND`…). */
function errorCode(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i += 1) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** The address's path ends in a version (`/v1`, `/api/v3`, `/compatible-mode/v1`). */
const versioned = (baseUrl: string) => /\/v\d+$/.test(baseUrl.trim().replace(/\/+$/, ''));

/** A 404 in the operator's words: the /v1 hint only where the address lacks it. */
function notFound(target: CallTarget | undefined): string {
  const model = target?.model ? `「${target.model}」` : '';
  const modelHint = `模型名${model}不在这个服务商提供的模型里（可用「获取模型列表」核对）`;
  if (target && target.provider === 'openai' && !versioned(target.baseUrl))
    return `接口地址或模型不存在：OpenAI 兼容接口的地址一般以 /v1 结尾（例如 https://api.deepseek.com/v1），请检查地址；也可能是${modelHint}`;
  if (target && target.provider === 'openai')
    return `接口地址或模型不存在：地址已以版本号结尾，多半是${modelHint}；若模型名没错，请对照服务商文档检查地址的路径`;
  return `接口地址或模型不存在：请检查接口地址的路径和模型名（${modelHint}）`;
}

/** What happened and what to check, in Chinese; null when the error is not one we can name. */
function sentence(error: unknown, target: CallTarget | undefined): string | null {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return '等待服务商回答超时：请检查网络、接口地址是否可达、服务商是否繁忙，稍后再试';
  if (!(error instanceof ProviderError)) return null;
  const { status } = error;
  switch (error.kind) {
    case 'auth':
      return status === 402
        ? '服务商说这个账户余额不足：请到服务商充值'
        : '服务商拒绝了密钥：请检查密钥是否填对、是否过期，以及它是否有权使用这个模型';
    case 'rate-limited':
      return '服务商限流或额度用完：请稍后再试，或到服务商后台查看调用频率和额度';
    case 'not-found':
      return notFound(target);
    case 'bad-request':
      return '服务商拒绝了这次请求的参数：请检查模型名和接口类型是否与服务商一致';
    case 'rejected-content':
      return '服务商的内容审核拒绝了这次请求';
    case 'busy':
      return '服务繁忙、排队已满：请稍后再试';
    case 'idle':
      return '服务商回答到一半没有了响应：请稍后再试';
    case 'unreachable':
      return unreachable(error);
    default:
      return status
        ? '服务商那边出错了：多半是服务商的问题，请稍后再试，或到服务商查看状态'
        : '服务商的回答无法读取：请检查接口地址和接口类型（是否真是 OpenAI 兼容接口）';
  }
}

function unreachable(error: ProviderError): string {
  const code = errorCode(error.cause) ?? '';
  if (code === 'ECONNREFUSED') return '连接被拒绝：这个地址的端口上没有服务，请检查主机、端口和服务是否开着';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return '找不到这个主机名：请检查接口地址的拼写和服务器的 DNS';
  if (TLS_CODE.test(code)) return 'HTTPS 证书或加密连接出错：请检查地址是 http 还是 https、对方证书是否有效';
  if (code === 'ECONNRESET') return '连接被对方中途断开：请检查地址和代理，稍后再试';
  if (/no answer|no first byte|ETIMEDOUT/.test(`${error.message} ${code}`))
    return '等待服务商回答超时：请检查网络、接口地址是否可达、服务商是否繁忙，稍后再试';
  return '无法连接服务商：请检查接口地址（主机、端口、http 还是 https）和网络';
}

/**
 * A failed call (渠道 · 测试, 服务状态 · 测试) in the operator's words: 「调用失败：what happened and
 * what to check（原始信息：the provider's status and message）」. An error we cannot name keeps its
 * own message (「调用失败：未配置」).
 */
export function callFailureText(error: unknown, target?: CallTarget): string {
  const raw = (error as Error | undefined)?.message ?? String(error);
  const said = sentence(error, target);
  return said === null ? `调用失败：${raw}` : `调用失败：${said}（原始信息：${raw}）`;
}
