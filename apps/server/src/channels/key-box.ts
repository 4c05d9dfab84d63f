import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Channel keys at rest: AES-256-GCM under a key derived from CHANNEL_SECRET. A stolen database
 * copy (a backup, a replica) then holds no usable provider key; the authentication tag makes a
 * sealed value edited in the database fail to open instead of turning into a wrong key.
 */
export interface KeyBox {
  seal(keys: string[]): string;
  open(sealed: string): string[];
}

const VERSION = 'v1';

export function keyBox(secret: string): KeyBox {
  const key = createHash('sha256').update(`chuhai channel keys\0${secret}`).digest();
  return {
    seal(keys) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
      return [VERSION, ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join(
        '.',
      );
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('channel keys are not sealed by this server');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as string[];
    },
  };
}

/** The last 4 characters of a key: all the console ever shows of it. */
export function keyTail(key: string): string {
  return key.length <= 4 ? '*'.repeat(key.length) : key.slice(-4);
}
