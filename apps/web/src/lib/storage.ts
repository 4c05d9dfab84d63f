import { STORAGE_PREFIX } from '@chuhai/contract';

/**
 * The client storage wrapper of spec section 3: values are saved as `{"data": value}` under a key
 * with the product prefix. Reading gives back `data`, or the raw string when the stored text is not
 * valid JSON (values written by older builds or by hand stay readable).
 */
export const storage = {
  get<T = unknown>(key: string): T | string | null {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed !== null && typeof parsed === 'object' && 'data' in parsed)
        return (parsed as { data: T }).data;
      return raw;
    } catch {
      return raw;
    }
  },

  set(key: string, value: unknown): void {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify({ data: value }));
  },

  remove(key: string): void {
    localStorage.removeItem(STORAGE_PREFIX + key);
  },

  /** Removes every key of this product, and only those. */
  clear(): void {
    const ours: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) ours.push(key);
    }
    for (const key of ours) localStorage.removeItem(key);
  },
};
