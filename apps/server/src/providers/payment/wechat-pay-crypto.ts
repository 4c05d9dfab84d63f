import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';

/**
 * The cryptography of 微信支付 APIv3, by its documentation: requests are signed with the merchant's
 * RSA key over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n`; responses and notifications are signed by
 * WeChat Pay over `TIMESTAMP\nNONCE\nBODY\n`; notification resources are AES-256-GCM encrypted with
 * the APIv3 key.
 */

const GCM_TAG_BYTES = 16;

/** The `Authorization` header of one request. */
export function authorizationHeader(input: {
  method: string;
  pathWithQuery: string;
  body: string;
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = input.nonce ?? randomBytes(16).toString('hex');
  const message = `${input.method}\n${input.pathWithQuery}\n${timestamp}\n${nonce}\n${input.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(input.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** Checks a WeChat Pay signature (`Wechatpay-Signature` over timestamp, nonce and body). */
export function verifyWechatSignature(input: {
  timestamp: string;
  nonce: string;
  body: string;
  signature: string;
  publicKey: KeyObject | string;
}): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(`${input.timestamp}\n${input.nonce}\n${input.body}\n`)
      .verify(input.publicKey, input.signature, 'base64');
  } catch {
    return false;
  }
}

/** Decrypts a notification's `resource` (AEAD_AES_256_GCM); throws if it was tampered with. */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  // The tag is the last 16 bytes. Without a fixed length, GCM would accept a truncated tag, which is
  // far easier to forge.
  if (data.length <= GCM_TAG_BYTES) throw new Error('the ciphertext is too short to hold a GCM tag');
  const tag = data.subarray(data.length - GCM_TAG_BYTES);
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
    { authTagLength: GCM_TAG_BYTES },
  );
  decipher.setAuthTag(tag);
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
