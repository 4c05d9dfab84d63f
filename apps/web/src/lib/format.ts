import { formatDate, greetingFor, maskPhone } from '@chuhai/contract';

export { formatDate, maskPhone };

/** The greeting for now, in the browser's local time. */
export function greetingNow(now: Date = new Date()): string {
  return greetingFor(now.getHours());
}
