import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  editPasswordSignature,
  isFreshTimestamp,
  requestSignature,
  SIGN_MAX_SKEW_SECONDS,
  smsCodeSignature,
} from '../src/signing.ts';

describe('request signing', () => {
  it('x-token depends on the path, the query and the build time', () => {
    const base = requestSignature('/api/v1/orderList?pageNo=1&pageSize=15', 'b1');
    assert.match(base, /^[0-9a-f]{64}$/);
    assert.equal(base, requestSignature('/api/v1/orderList?pageNo=1&pageSize=15', 'b1'));
    assert.notEqual(base, requestSignature('/api/v1/orderList?pageNo=2&pageSize=15', 'b1'));
    assert.notEqual(base, requestSignature('/api/v1/orderList?pageNo=1&pageSize=15', 'b2'));
    assert.notEqual(base, requestSignature('/api/v1/orderlist?pageNo=1&pageSize=15', 'b1'));
  });

  it('the SMS sign binds the phone and the timestamp', () => {
    const sign = smsCodeSignature('13800138000', 1_795_000_000);
    assert.notEqual(sign, smsCodeSignature('13800138001', 1_795_000_000));
    assert.notEqual(sign, smsCodeSignature('13800138000', 1_795_000_001));
  });

  it('the editPassword sign binds username, timestamp and code', () => {
    const sign = editPasswordSignature('13800138000', 1_795_000_000, '123456');
    assert.notEqual(sign, editPasswordSignature('13800138000', 1_795_000_000, '123457'));
    assert.notEqual(sign, smsCodeSignature('13800138000', 1_795_000_000));
  });

  it('accepts a timestamp within the skew and refuses one outside it', () => {
    const now = 1_795_000_000_000;
    const nowSeconds = now / 1000;
    assert.ok(isFreshTimestamp(nowSeconds, now));
    assert.ok(isFreshTimestamp(nowSeconds - SIGN_MAX_SKEW_SECONDS, now));
    assert.ok(!isFreshTimestamp(nowSeconds - SIGN_MAX_SKEW_SECONDS - 1, now));
    assert.ok(!isFreshTimestamp(nowSeconds + SIGN_MAX_SKEW_SECONDS + 1, now));
    assert.ok(!isFreshTimestamp(Number.NaN, now));
  });
});
