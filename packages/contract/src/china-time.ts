/** The day boundary of quotas and SMS limits: 00:00 China time (UTC+8, no daylight saving). */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China-time calendar day of an instant, as YYYY-MM-DD. */
export function chinaDay(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the China-time day containing `epochMs` began. */
export function chinaDayStart(epochMs: number): number {
  return Math.floor((epochMs + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** The next 00:00 China time after `epochMs`: when today's quotas reset. */
export function nextChinaMidnight(epochMs: number): number {
  return chinaDayStart(epochMs) + DAY_MS;
}

/** The China-time calendar month of an instant, as YYYY-MM: the period of the invitation cap. */
export function chinaMonth(epochMs: number): string {
  return chinaDay(epochMs).slice(0, 7);
}

/** China-time wall clock of an instant, `YYYY-MM-DDTHH:mm:ss` (payment providers want local times). */
export function chinaDateTime(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 19);
}
