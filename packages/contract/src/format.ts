import { GREETING_BANDS } from './constants.ts';

/** The shown nickname: first three and last four digits kept, the middle four masked. */
export function maskPhone(phone: string): string {
  if (!/^\d{11}$/.test(phone)) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** A greeting for the local hour (spec section 2): morning [5, 12), afternoon [12, 18), else evening. */
export function greetingFor(hour: number): string {
  if (hour >= GREETING_BANDS.morningFrom && hour < GREETING_BANDS.afternoonFrom) return '上午好';
  if (hour >= GREETING_BANDS.afternoonFrom && hour < GREETING_BANDS.eveningFrom) return '下午好';
  return '晚上好';
}

/** YYYY-MM-DD in the local time of the runtime; invalid input gives an empty string. */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
