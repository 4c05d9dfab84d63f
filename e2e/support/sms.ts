import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { SERVER_LOG } from '../playwright.config.ts';

const PURPOSES = { 1: '注册', 2: '登录', 3: '重设密码', 4: '注销账号' } as const;

/**
 * Reads the newest code for a phone and purpose from the server log, the way an operator running
 * the console SMS gateway would, waiting for the line to be written.
 */
export async function readSmsCode(phone: string, type: keyof typeof PURPOSES, after = 0): Promise<string> {
  const pattern = new RegExp(`手机号 ${phone} 验证码 (\\d{6})，用于${PURPOSES[type]}`, 'g');
  let code = '';
  await expect
    .poll(() => {
      const matches = [...readFileSync(SERVER_LOG, 'utf8').matchAll(pattern)];
      code = matches.length > after ? (matches.at(-1)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** How many codes of a purpose the log holds for a phone: pass it as `after` to wait for a new one. */
export function smsCount(phone: string, type: keyof typeof PURPOSES): number {
  const pattern = new RegExp(`手机号 ${phone} 验证码 \\d{6}，用于${PURPOSES[type]}`, 'g');
  return [...readFileSync(SERVER_LOG, 'utf8').matchAll(pattern)].length;
}
