import { PASSWORD_RULES, SMS_LIMITS } from './limits.ts';

/**
 * Input rules for accounts, shared so the form and the server say the same thing in the same words.
 * Each returns a Chinese message for the first problem, or null when the value is fine.
 */

/** Mainland China mobile numbers: 11 digits starting 13 to 19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_LIMITS.codeLength}}$`);
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{8}$/;

/** `type` of `/api/v1/code/`. */
export const SMS_CODE_TYPE = { register: 1, login: 2, resetPassword: 3, deleteAccount: 4 } as const;
export type SmsCodeType = (typeof SMS_CODE_TYPE)[keyof typeof SMS_CODE_TYPE];
export const SMS_CODE_PURPOSES: Record<SmsCodeType, string> = {
  1: '注册',
  2: '登录',
  3: '重设密码',
  4: '注销账号',
};

export function phoneProblem(phone: string): string | null {
  if (!phone) return '请输入手机号';
  return PHONE_PATTERN.test(phone) ? null : '请输入正确的 11 位手机号';
}

export function smsCodeProblem(code: string): string | null {
  if (!code) return '请输入短信验证码';
  return SMS_CODE_PATTERN.test(code) ? null : `验证码为 ${SMS_LIMITS.codeLength} 位数字`;
}

export function passwordProblem(password: string): string | null {
  if (!password) return '请输入密码';
  const { minLength, maxLength } = PASSWORD_RULES;
  if (password.length < minLength || password.length > maxLength)
    return `密码长度应为 ${minLength} 到 ${maxLength} 位`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字';
  if (/\s/.test(password)) return '密码不能包含空格';
  return null;
}

/** Invite codes are case-insensitive when typed; stored upper-case. */
export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}
