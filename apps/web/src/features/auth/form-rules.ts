import { PASSWORD_RULES, passwordProblem, phoneProblem, smsCodeProblem } from '@chuhai/contract';
import type { FormRule } from 'antd';

/**
 * antd form rules built from the contract's checks, so the form says exactly what the server
 * would say, before the request is sent.
 */
function ruleFrom(problem: (value: string) => string | null): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = problem(typeof value === 'string' ? value.trim() : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

export const phoneRules: FormRule[] = [ruleFrom(phoneProblem)];
export const smsCodeRules: FormRule[] = [ruleFrom(smsCodeProblem)];
export const passwordRules: FormRule[] = [ruleFrom(passwordProblem)];

/** The confirmation must repeat the field `matching`. */
export function confirmRules(matching: string): FormRule[] {
  return [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || getFieldValue(matching) === value
          ? Promise.resolve()
          : Promise.reject(new Error('两次输入的密码不一致')),
    }),
  ];
}

/** Shown under every new-password field. */
export const PASSWORD_HINT = `${PASSWORD_RULES.minLength} 到 ${PASSWORD_RULES.maxLength} 位，同时包含字母和数字`;
