import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePng } from './png.ts';

/**
 * One fake server that speaks the three text-to-image protocols the product supports:
 * OpenAI images (`b64_json`, or a URL when the prompt has `[url]`), DashScope 通义万相 (an async task
 * that is PENDING twice, then SUCCEEDED, or FAILED when the prompt has `[fail]`) and SD WebUI
 * (`/sdapi/v1/txt2img`, base64). `[401]` (or a path under `/401/`) and `[policy]` give the providers' refusals.
 */
export interface FakeImageProviders {
  url: string;
  requests: { path: string; body: Record<string, unknown>; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** A picture of the requested size: a sunset gradient, so a person looking at the screen sees an image. */
export function sampleImage(width = 256, height = 256): Buffer {
  return makePng(width, height, (x, y) => [
    255 - Math.floor((y / height) * 80),
    120 + Math.floor((x / width) * 100),
    80,
  ]);
}

export async function startFakeImageProviders(port = 0): Promise<FakeImageProviders> {
  const state: FakeImageProviders = { url: '', requests: [], close: async () => {} };
  const tasks = new Map<string, { polls: number; prompt: string; size: string }>();
  const json = (res: import('node:http').ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const text = Buffer.concat(parts).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = req.url ?? '';
    state.requests.push({ path, body, authorization: req.headers.authorization });
    const prompt = String(body.prompt ?? (body.input as { prompt?: string } | undefined)?.prompt ?? '');

    const result = /^\/result\/[\w-]+?(?:-(\d+)x(\d+))?\.png$/.exec(path);
    if (result) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(sampleImage(Number(result[1] ?? 320), Number(result[2] ?? 320)));
    }
    // A base URL ending in /401 is a provider that refuses our key on every call (a dead channel).
    if (prompt.includes('[401]') || path.startsWith('/401/'))
      return json(res, 401, {
        error: { message: 'Incorrect API key', code: 'invalid_api_key' },
        code: 'InvalidApiKey',
        message: 'Invalid API-key',
      });
    if (path === '/v1/images/generations') {
      if (prompt.includes('[policy]')) {
        return json(res, 400, {
          error: {
            message: 'Your request was rejected by the safety system.',
            code: 'content_policy_violation',
          },
        });
      }
      const [w, h] = String(body.size ?? '1024x1024')
        .split('x')
        .map((n) => Number(n) / 4);
      if (prompt.includes('[url]'))
        return json(res, 200, { created: 1, data: [{ url: `${state.url}/result/a.png` }] });
      return json(res, 200, { created: 1, data: [{ b64_json: sampleImage(w, h).toString('base64') }] });
    }
    if (path === '/api/v1/services/aigc/text2image/image-synthesis') {
      if (req.headers['x-dashscope-async'] !== 'enable')
        return json(res, 400, { code: 'InvalidParameter', message: 'async required' });
      const id = `task-${tasks.size + 1}`;
      const [w, h] = String((body.parameters as { size?: string } | undefined)?.size ?? '1024*1024')
        .split('*')
        .map((n) => Math.round(Number(n) / 4));
      tasks.set(id, { polls: 0, prompt, size: `${w}x${h}` });
      return json(res, 200, { request_id: 'r1', output: { task_id: id, task_status: 'PENDING' } });
    }
    const task = /^\/api\/v1\/tasks\/(.+)$/.exec(path);
    if (task) {
      const entry = tasks.get(task[1] as string);
      if (!entry) return json(res, 404, { code: 'NotFound', message: 'task not found' });
      entry.polls += 1;
      if (entry.polls <= 2)
        return json(res, 200, {
          output: { task_id: task[1], task_status: entry.polls === 1 ? 'PENDING' : 'RUNNING' },
        });
      if (entry.prompt.includes('[fail]')) {
        return json(res, 200, {
          output: { task_id: task[1], task_status: 'FAILED', code: 'InternalError', message: 'model error' },
        });
      }
      return json(res, 200, {
        output: {
          task_id: task[1],
          task_status: 'SUCCEEDED',
          results: [{ url: `${state.url}/result/${task[1]}-${entry.size}.png` }],
        },
      });
    }
    if (path === '/sdapi/v1/txt2img') {
      return json(res, 200, {
        images: [sampleImage(Number(body.width) / 4, Number(body.height) / 4).toString('base64')],
        parameters: {},
      });
    }
    return json(res, 404, { error: { message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
