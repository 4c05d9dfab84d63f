import { createServer, type ServerResponse } from 'node:http';

/**
 * A provider's console-side answers (获取模型列表, 刷新余额), polite and not, by the path's first
 * part: `/ok/v1/models`, `/unauthorised/v1/models`… Speaks the real protocols: OpenAI's
 * `GET /models`, SD WebUI's `GET /sdapi/v1/sd-models`, the new-api/one-api billing pair
 * (`/dashboard/billing/subscription`, `/dashboard/billing/usage`) and DeepSeek's `GET /user/balance`.
 */
export interface FakeLookups {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Each request's path and the authorization header it carried. */
  requests: { path: string; authorization: string | undefined }[];
  /** `/huge/…`: how many bytes of the endless answer went out, and when the first did. */
  huge: { sent: number; started: Promise<void> };
  close(): Promise<void>;
}

/** The endless answer of `/huge/…`: 300 MB of a model list that never closes, chunked. */
const HUGE_BYTES = 300 * 1024 * 1024;

const MODELS = {
  object: 'list',
  data: [
    { id: 'deepseek-reasoner', object: 'model', owned_by: 'deepseek' },
    { id: 'deepseek-chat', object: 'model', owned_by: 'deepseek' },
  ],
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeLookups(): Promise<FakeLookups> {
  const requests: FakeLookups['requests'] = [];
  let hugeStarted = () => {};
  const huge = { sent: 0, started: new Promise<void>((resolve) => (hugeStarted = resolve)) };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname + url.search, authorization: req.headers.authorization });
    const [, behaviour] = url.pathname.split('/');
    const rest = url.pathname.slice(behaviour?.length ? behaviour.length + 1 : 0);
    switch (behaviour) {
      case 'unauthorised':
        return json(res, 401, {
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      case 'slow':
        // Answers long after the console stops waiting (300 ms in the test): were the wait not
        // kept, the answer would be this list and the test would see 200, however busy the machine.
        setTimeout(() => json(res, 200, MODELS), 10_000).unref();
        return;
      case 'half':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"object":"list","data":[{"id":"gpt-4o-mi');
        return;
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
        return;
      case 'bad-gateway':
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
        return;
      case 'empty':
        return json(res, 200, { object: 'list', data: [] });
      case 'huge': {
        // As fast as the reader takes it, without a length: only a cap kept while reading stops it.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        res.write('{"object":"list","data":[');
        hugeStarted();
        const write = () => {
          while (huge.sent < HUGE_BYTES && !res.destroyed) {
            huge.sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        return write();
      }
      case 'sd':
        if (rest === '/sdapi/v1/sd-models')
          return json(res, 200, [
            {
              title: 'v1-5-pruned-emaonly.safetensors [6ce0161689]',
              model_name: 'v1-5-pruned-emaonly',
              hash: '6ce0161689',
              sha256: '6ce0161689b3853acaa03779ec93eafe75a02f4ced659bee03f50797806fa2fa',
              filename: '/models/Stable-diffusion/v1-5-pruned-emaonly.safetensors',
              config: null,
            },
          ]);
        break;
      case 'ok':
        if (rest === '/v1/models') return json(res, 200, MODELS);
        if (rest === '/v1/dashboard/billing/subscription')
          return json(res, 200, {
            object: 'billing_subscription',
            has_payment_method: true,
            soft_limit_usd: 100,
            hard_limit_usd: 100,
            system_hard_limit_usd: 100,
            access_until: 0,
          });
        if (rest === '/v1/dashboard/billing/usage')
          return json(res, 200, { object: 'list', total_usage: 2550 });
        break;
      case 'user':
        // DeepSeek's balance sits at the host's root, beside /v1.
        if (rest === '/balance')
          return json(res, 200, {
            is_available: true,
            balance_infos: [
              {
                currency: 'CNY',
                total_balance: '110.00',
                granted_balance: '10.00',
                topped_up_balance: '100.00',
              },
            ],
          });
        break;
    }
    json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    huge,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
