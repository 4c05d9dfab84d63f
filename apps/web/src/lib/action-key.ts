import { useRef } from 'react';

/** 32 hex digits from the browser's random source (randomUUID needs HTTPS; this does not). */
export function newActionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The key sent with an action that spends uses or money (the contract's ActionKey: 批量处理's
 * start, 确认下单): the same while `intent` (what the action would do, as text) is unchanged, so a
 * double click or a retry after a lost answer is the same action and the server answers it with what
 * the first request did; a new one once `intent` changes, or after `renew()` (the action is done, and
 * doing it again is the seller's choice).
 */
export function useActionKey(intent: string): { key: string; renew: () => void } {
  const current = useRef<{ intent: string; key: string } | null>(null);
  if (!current.current || current.current.intent !== intent)
    current.current = { intent, key: newActionKey() };
  return {
    key: current.current.key,
    renew: () => {
      current.current = null;
    },
  };
}
