import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orderStatusText } from '../src/index.ts';

const yuan = (fen: number) => (fen / 100).toFixed(2);

describe('an order’s state as the seller reads it', () => {
  it('names partly and fully refunded orders with the amount', () => {
    assert.equal(orderStatusText({ status: 'paid', refundedAmount: 0 }, yuan), '已支付');
    assert.equal(orderStatusText({ status: 'paid' }, yuan), '已支付');
    assert.equal(orderStatusText({ status: 'paid', refundedAmount: 1000 }, yuan), '部分退款 ¥10.00');
    assert.equal(
      orderStatusText({ status: 'refunding', refundedAmount: 1000 }, yuan),
      '退款中，部分退款 ¥10.00',
    );
    assert.equal(orderStatusText({ status: 'refunding', refundedAmount: 0 }, yuan), '退款中');
    assert.equal(orderStatusText({ status: 'refunded', refundedAmount: 2990 }, yuan), '已退款 ¥29.90');
    assert.equal(orderStatusText({ status: 'closed' }, yuan), '已关闭');
  });
});
