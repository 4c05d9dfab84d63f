import { ResultCode } from '@chuhai/contract';
import { AppError } from '../lib/app-error.ts';
import { getJson, type LookupTarget, under } from './provider-lookup.ts';

/**
 * 获取模型列表: the models a provider offers, by the protocol the channel speaks.
 * - OpenAI-compatible (chat and images): `GET {base}/models`, `{ data: [{ id }] }`.
 * - Stable Diffusion WebUI: `GET {base}/sdapi/v1/sd-models`, `[{ title, model_name }]`; the title
 *   is what `sd_model_checkpoint` takes.
 * - 阿里云百炼 (通义万相) speaks its native API here, which has no model list.
 */
export async function providerModels(target: LookupTarget): Promise<string[]> {
  if (target.provider === 'dashscope')
    throw new AppError(
      ResultCode.badRequest,
      '阿里云百炼（通义万相）没有获取模型列表的接口：请手动填写模型名，例如 wanx2.1-t2i-turbo',
    );
  const sd = target.provider === 'sdwebui';
  const answer = await getJson(target, under(target.baseUrl, sd ? '/sdapi/v1/sd-models' : '/models'));
  if (!answer)
    throw new AppError(
      ResultCode.badRequest,
      sd
        ? '这个地址没有 SD WebUI 的模型列表（404）：请确认 WebUI 以 --api 启动、地址不带路径'
        : noModelList(target.baseUrl),
    );
  const names = sd ? sdModelNames(answer.json) : openAiModelNames(answer.json);
  if (names === null)
    throw new AppError(
      ResultCode.providerUnavailable,
      '服务商的回答里没有模型列表：请检查接口地址和接口类型',
    );
  if (names.length === 0)
    throw new AppError(ResultCode.providerUnavailable, '服务商返回的模型列表是空的：请手动填写模型名');
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/**
 * 获取模型列表's 404 in words that fit the address: the /v1 hint only where the address has no version
 * at its end; where it has one, what else to try.
 */
function noModelList(baseUrl: string): string {
  if (!/\/v\d+$/.test(baseUrl.trim().replace(/\/+$/, '')))
    return '这个地址没有模型列表（404）：OpenAI 兼容接口的地址一般以 /v1 结尾（例如 https://api.deepseek.com/v1），请补上后再试；也可以手动填写模型名';
  return '这个地址没有模型列表（404）：地址已以版本号结尾，可能是这个服务商不提供模型列表，或地址的路径不对（请对照服务商文档）；也可以手动填写模型名';
}

const named = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 100;

function openAiModelNames(json: unknown): string[] | null {
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data.map((model) => (model as { id?: unknown } | null)?.id).filter(named);
}

function sdModelNames(json: unknown): string[] | null {
  if (!Array.isArray(json)) return null;
  return json
    .map((model) => {
      const { title, model_name } = (model ?? {}) as { title?: unknown; model_name?: unknown };
      return named(title) ? title : model_name;
    })
    .filter(named);
}
