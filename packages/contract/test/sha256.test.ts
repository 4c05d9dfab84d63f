import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { sha256Hex } from '../src/sha256.ts';

const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the known digest of the empty string and "abc"', () => {
    assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto at every length around the 64-byte block and padding boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'x'.repeat(length);
      assert.equal(sha256Hex(text), reference(text), `length ${length}`);
    }
  });

  it('hashes the UTF-8 bytes of Chinese text and emoji', () => {
    for (const text of [
      '出海助手',
      '/api/v1/getMsgList?keyword=蓝牙耳机&pageNo=1',
      '👍🏽 跨境 🚢',
      '\u0000\n\t',
    ]) {
      assert.equal(sha256Hex(text), reference(text));
    }
  });
});
