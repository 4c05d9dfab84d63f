import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redactUrl } from '../src/http/log-redaction.ts';
import { buildTestApp, signedHeaders } from './helpers.ts';

describe('request logs keep no secrets', () => {
  const lines: string[] = [];
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => {
    ctx = await buildTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
  });
  after(() => ctx.close());

  it('logs file links without their signature and never a session token', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: '/files/u/1/draw/a.png?exp=1795000000000&sig=SECRET-SIGNATURE',
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/info',
      headers: {
        ...signedHeaders('/api/v1/info'),
        token: 'SECRET-SESSION',
        authorization: 'Bearer SECRET-SESSION',
      },
    });
    const log = lines.join('');
    assert.match(
      log,
      /\/files\/u\/1\/draw\/a\.png\?exp=1795000000000&sig=\*\*\*/,
      'the request is still logged',
    );
    assert.match(log, /"url":"\/api\/v1\/info"/);
    assert.ok(!log.includes('SECRET-SIGNATURE'), 'no link signature');
    assert.ok(!log.includes('SECRET-SESSION'), 'no session token');
    const requestLines = lines.filter((line) => line.includes('"msg":"request completed"'));
    assert.equal(requestLines.length, 2, 'one line per request, written when it is answered');
    assert.match(requestLines[1] as string, /"statusCode":\d{3}.*"responseTime":[\d.]+/);
    assert.ok(!log.includes('incoming request'));
  });

  it('redacts every secret parameter, whatever its case, and leaves the rest', () => {
    assert.equal(
      redactUrl('/a?pageNo=2&Sign=abc&x-token=t&keyword=sig'),
      '/a?pageNo=2&Sign=***&x-token=***&keyword=sig',
    );
    assert.equal(redactUrl('/plain'), '/plain');
    assert.equal(redactUrl('/a?pageNo=1&pageSize=20'), '/a?pageNo=1&pageSize=20');
    assert.equal(redactUrl('/a?code'), '/a?code=***', 'a name without a value');
    assert.equal(redactUrl('/a?%74oken=t&q=1'), '/a?%74oken=***&q=1', 'a percent-encoded name');
    assert.equal(
      redactUrl('/a?tokens=1&signature=2'),
      '/a?tokens=1&signature=2',
      'longer names are not secrets',
    );
  });
});
