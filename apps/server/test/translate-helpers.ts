import assert from 'node:assert/strict';
import type { TranslateResult } from '@chuhai/contract';
import sharp from 'sharp';
import { type Writing, writeChinese } from './fakes/chinese-text.ts';
import { postForm } from './studio-helpers.ts';

type InjectApp = Parameters<typeof postForm>[0];

/** A supplier picture drawn with `writings` on a warm flat background, translated into English by `token`. */
export async function translateDrawn(
  app: InjectApp,
  token: string,
  size: { width: number; height: number },
  writings: Writing[],
): Promise<TranslateResult> {
  const image = await writeChinese(
    sharp({ create: { ...size, channels: 3, background: '#f4efe6' } }),
    writings,
  );
  return translateUploaded(app, token, image, { target: 'en' });
}

/** `picture` uploaded to 图片翻译 with these form fields (English, say); the result it answers. */
export async function translateUploaded(
  app: InjectApp,
  token: string,
  picture: Buffer,
  fields: Record<string, string>,
): Promise<TranslateResult> {
  const answered = await postForm(app, '/api/v1/translate/image', token, fields, [
    { field: 'file', name: 'a.png', bytes: picture },
  ]);
  assert.equal(answered.statusCode, 200, answered.body);
  return answered.json().data;
}
