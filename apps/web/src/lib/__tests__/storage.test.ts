import { describe, expect, it } from 'vitest';
import { storage } from '../storage';

describe('storage wrapper', () => {
  it('saves values as {data} under the product prefix and reads them back', () => {
    storage.set('userinfo', { username: '13812345678', phone: '13812345678' });
    expect(localStorage.getItem('chuhai_userinfo')).toBe(
      '{"data":{"username":"13812345678","phone":"13812345678"}}',
    );
    expect(storage.get('userinfo')).toEqual({ username: '13812345678', phone: '13812345678' });
    storage.set('token', 'abc');
    expect(storage.get('token')).toBe('abc');
  });

  it('returns the raw string when the stored value is not valid JSON', () => {
    localStorage.setItem('chuhai_token', 'legacy-token-value');
    expect(storage.get('token')).toBe('legacy-token-value');
  });

  it('returns the raw text of JSON that is not a {data} object', () => {
    localStorage.setItem('chuhai_count', '42');
    expect(storage.get('count')).toBe('42');
  });

  it('returns null for a missing key', () => {
    expect(storage.get('nothing')).toBeNull();
  });

  it('deletes one key', () => {
    storage.set('a', 1);
    storage.set('b', 2);
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    expect(storage.get('b')).toBe(2);
  });

  it('clears every key of the product and leaves others alone', () => {
    storage.set('a', 1);
    storage.set('b', 2);
    localStorage.setItem('themeName', 'dark');
    storage.clear();
    expect(storage.get('a')).toBeNull();
    expect(storage.get('b')).toBeNull();
    expect(localStorage.getItem('themeName')).toBe('dark');
  });
});
