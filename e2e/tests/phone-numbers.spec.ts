import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test.ts';

/**
 * Every spec registers accounts on the one e2e server, so a phone number used by two specs makes
 * whichever runs second fail with 该手机号已注册 (it happened once, and looked like an SMS limit).
 */
test('no phone number is registered by two spec files', () => {
  const dir = import.meta.dirname;
  const owners = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.spec.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const phone of new Set(text.match(/(?<!\d)1[3-9]\d{9}(?!\d)/g) ?? []))
      owners.set(phone, [...(owners.get(phone) ?? []), file]);
  }
  const shared = [...owners]
    .filter(([, files]) => files.length > 1)
    .map(([phone, files]) => `${phone}: ${files}`);
  expect(owners.size).toBeGreaterThan(10);
  expect(shared).toEqual([]);
});
