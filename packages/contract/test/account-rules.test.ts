import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseInviteCode, passwordProblem, phoneProblem, smsCodeProblem } from '../src/account-rules.ts';
import { chinaDay, chinaDayStart, nextChinaMidnight } from '../src/china-time.ts';

describe('account rules', () => {
  it('accepts mainland mobile numbers only', () => {
    assert.equal(phoneProblem('13800138000'), null);
    assert.equal(phoneProblem('19912345678'), null);
    assert.equal(phoneProblem(''), '请输入手机号');
    for (const bad of ['12800138000', '1380013800', '138001380000', '+8613800138000', '1380013800a']) {
      assert.equal(phoneProblem(bad), '请输入正确的 11 位手机号', bad);
    }
  });

  it('wants 8 to 64 characters with letters and digits and no spaces', () => {
    assert.equal(passwordProblem('Seller2026'), null);
    assert.equal(passwordProblem('a1'.repeat(32)), null);
    assert.equal(passwordProblem(`${'a1'.repeat(32)}x`), '密码长度应为 8 到 64 位');
    assert.equal(passwordProblem('abc123'), '密码长度应为 8 到 64 位');
    assert.equal(passwordProblem('abcdefgh'), '密码需同时包含字母和数字');
    assert.equal(passwordProblem('12345678'), '密码需同时包含字母和数字');
    assert.equal(passwordProblem('abcd 1234'), '密码不能包含空格');
  });

  it('checks the 6-digit code and normalises invite codes', () => {
    assert.equal(smsCodeProblem('012345'), null);
    assert.equal(smsCodeProblem('12345'), '验证码为 6 位数字');
    assert.equal(smsCodeProblem(''), '请输入短信验证码');
    assert.equal(normaliseInviteCode(' ab23cd45 '), 'AB23CD45');
  });
});

describe('China time', () => {
  it('puts 23:59 and 00:00 China time on different days whatever the UTC date', () => {
    const lateNight = Date.parse('2026-11-22T23:59:59+08:00');
    const midnight = Date.parse('2026-11-23T00:00:00+08:00');
    assert.equal(chinaDay(lateNight), '2026-11-22');
    assert.equal(chinaDay(midnight), '2026-11-23');
    assert.equal(chinaDayStart(lateNight), Date.parse('2026-11-22T00:00:00+08:00'));
    assert.equal(nextChinaMidnight(lateNight), midnight);
    assert.equal(nextChinaMidnight(midnight), Date.parse('2026-11-24T00:00:00+08:00'));
  });
});
