import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export type { BrowserContext, Page, Request } from '@playwright/test';
export { expect } from '@playwright/test';

/**
 * The e2e server trusts loopback as its proxy (TRUST_PROXY in playwright.config.ts), and each test's
 * browser says it comes from an address of its own, as real sellers do. Without this every spec
 * shares 127.0.0.1 and, together, they pass the 20 sign-up codes one address may ask for in an
 * hour: whichever spec ran last failed with a code that never came.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress(testInfo.titlePath.join(' › ')) });
  },
});

/** A stable documentation address (198.18.0.0/15, for benchmarks and tests) for a test. */
export function clientAddress(testTitle: string): string {
  const [a = 0, b = 0] = createHash('sha256').update(testTitle).digest();
  return `198.18.${a}.${b}`;
}
