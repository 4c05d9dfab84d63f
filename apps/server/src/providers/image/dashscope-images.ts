import type { ImageSize } from '@chuhai/contract';
import { failureOfStatus, ProviderError } from '../provider-error.ts';
import { downloadImage, type ImageEndpoint, type ImageGenerator } from './image-generator.ts';

/** 通义万相 takes `W*H` with sides from 512 to 1440. */
const SIZES: Record<ImageSize, string> = {
  '1024x1024': '1024*1024',
  '1024x1792': '810*1440',
  '1792x1024': '1440*810',
};

interface TaskAnswer {
  output?: {
    task_id?: string;
    task_status?: string;
    results?: { url?: string; code?: string; message?: string }[];
    code?: string;
    message?: string;
  };
  code?: string;
  message?: string;
}

/**
 * 通义万相 (DashScope) text-to-image: an asynchronous task is created, then polled until it
 * succeeds or fails. The poll stops when the request is aborted.
 */
export function dashscopeImages(config: ImageEndpoint, pollMs = 1500): ImageGenerator {
  const headers = { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' };

  const call = async (url: string, init: RequestInit): Promise<TaskAnswer> => {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if ((init.signal as AbortSignal | undefined)?.aborted) throw error;
      throw new ProviderError('unreachable', `cannot reach DashScope: ${String(error)}`, {
        cause: error,
      });
    }
    const answer = (await response.json().catch(() => ({}))) as TaskAnswer;
    if (!response.ok) {
      const kind =
        answer.code === 'DataInspectionFailed' ? 'rejected-content' : failureOfStatus(response.status);
      throw new ProviderError(
        kind,
        `DashScope answered ${response.status}: ${answer.code} ${answer.message}`,
      );
    }
    return answer;
  };

  return {
    name: 'dashscope',
    async generate({ prompt, size, signal }) {
      const created = await call(`${config.baseUrl}/api/v1/services/aigc/text2image/image-synthesis`, {
        method: 'POST',
        headers: { ...headers, 'x-dashscope-async': 'enable' },
        body: JSON.stringify({
          model: config.model,
          input: { prompt },
          parameters: { size: SIZES[size], n: 1 },
        }),
        signal,
      });
      const taskId = created.output?.task_id;
      if (!taskId) throw new ProviderError('upstream', 'DashScope gave no task id');
      for (;;) {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, pollMs);
          signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(signal.reason);
            },
            { once: true },
          );
        });
        const task = await call(`${config.baseUrl}/api/v1/tasks/${encodeURIComponent(taskId)}`, {
          headers,
          signal,
        });
        const status = task.output?.task_status;
        if (status === 'SUCCEEDED') {
          const url = task.output?.results?.find((r) => r.url)?.url;
          if (!url) throw new ProviderError('rejected-content', 'DashScope task succeeded without an image');
          return downloadImage(url, signal, config.privateNetworks);
        }
        if (status === 'FAILED' || status === 'CANCELED' || status === 'UNKNOWN') {
          const code = task.output?.code ?? '';
          const kind = code === 'DataInspectionFailed' ? 'rejected-content' : 'upstream';
          throw new ProviderError(kind, `DashScope task ${status}: ${code} ${task.output?.message ?? ''}`);
        }
      }
    },
  };
}
