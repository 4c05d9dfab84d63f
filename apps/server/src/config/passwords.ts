import { OWASP_SCRYPT, type ScryptCost, TEST_SCRYPT } from '../lib/password.ts';
import { type Env, fail, type NodeEnv } from './read-env.ts';

/** PASSWORD_SCRYPT as N,r,p; OWASP's cost by default, a light one in tests. */
export function readPasswordCost(env: Env, nodeEnv: NodeEnv): ScryptCost {
  const raw = env.PASSWORD_SCRYPT?.trim();
  if (!raw) return nodeEnv === 'test' ? TEST_SCRYPT : OWASP_SCRYPT;
  const [N, r, p] = raw.split(',').map((part) => Number(part.trim()));
  const valid =
    N !== undefined &&
    r !== undefined &&
    p !== undefined &&
    Number.isInteger(Math.log2(N)) &&
    N >= 2 ** 10 &&
    N <= 2 ** 20 &&
    r >= 1 &&
    r <= 32 &&
    p >= 1 &&
    p <= 16;
  if (!valid) fail('PASSWORD_SCRYPT', raw, '应为 N,r,p，例如 32768,8,3（N 为 2 的幂）');
  return { N: N as number, r: r as number, p: p as number };
}
