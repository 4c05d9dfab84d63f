import { formatDate, greetingFor, maskPhone } from '@chuhai/contract';

export { formatDate, maskPhone };

/** The greeting for now, in the browser's local time. */
export function greetingNow(now: Date = new Date()): string {
  return greetingFor(now.getHours());
}

/** `YYYY-MM-DD HH:mm` in the browser's local time; `seconds` adds `:ss`. */
export function formatDateTime(value: number, { seconds = false } = {}): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${formatDate(d)} ${time}`;
}
