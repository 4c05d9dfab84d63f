/** The browsers run in China's time zone (playwright.config.ts), as the sellers do. */
export const BROWSER_TIME_ZONE = 'Asia/Shanghai';

/**
 * The calendar date `days` from now as the browser shows it (YYYY-MM-DD). Computed in the browser's
 * time zone, not this process's: between 16:00 and 24:00 UTC the two disagree by a day, and a test
 * that used UTC failed every evening.
 */
export function browserDateIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE }).format(
    Date.now() + days * 86_400_000,
  );
}
