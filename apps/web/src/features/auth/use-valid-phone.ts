import type { FormInstance } from 'antd';
import { useCallback } from 'react';

/** Validates the form's `phone` field and returns it trimmed, or null (the field shows why). */
export function useValidPhone(form: FormInstance) {
  return useCallback(async (): Promise<string | null> => {
    try {
      const { phone } = (await form.validateFields(['phone'])) as { phone: string };
      return phone.trim();
    } catch {
      return null;
    }
  }, [form]);
}
