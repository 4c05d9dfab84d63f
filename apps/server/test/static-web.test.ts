import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp } from './helpers.ts';

describe('serving the built web app', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  before(async () => {
    ctx = await buildTestApp({ SITE_ICP_NUMBER: '粤ICP备2026000001号-1', SITE_COMPANY_NAME: '出海<助手>' });
    await ctx.app.ready();
  });
  after(() => ctx.close());

  it('serves index.html revalidated on every load, with the site config and security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(res.headers['content-type'] as string, /text\/html/);
    const meta = /<meta name="site-config" content="([^"]*)">/.exec(res.body);
    assert.ok(meta, 'site-config meta tag is injected');
    const site = JSON.parse(
      (meta[1] as string)
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
    );
    assert.equal(site.icpNumber, '粤ICP备2026000001号-1');
    assert.equal(site.companyName, '出海<助手>');
    assert.ok(!res.body.includes('出海<助手>'), 'config text is escaped inside the attribute');
    assert.match(res.headers['content-security-policy'] as string, /script-src 'self'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('gives JSON answers a policy that loads nothing, and keeps the page policy for HTML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users' });
    assert.equal(res.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], undefined, 'the long page set is not on every JSON answer');
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
    assert.match(page.headers['strict-transport-security'] as string, /max-age=/);
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('sends the precompressed brotli copy to browsers that accept it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(res.headers.vary as string, /accept-encoding/i);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(res.rawPayload.length < 500, `compressed body is small (${res.rawPayload.length} bytes)`);
  });

  it('revalidates unhashed files such as the favicon', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  it('redirects a route typed without the hash to the hash route', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/register?invite=AB12CD34',
      headers: { accept: 'text/html' },
    });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/#/register?invite=AB12CD34');
  });

  it('answers a missing file with 404 instead of the app', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: { accept: 'text/html' },
    });
    assert.equal(res.statusCode, 404);
  });
});
