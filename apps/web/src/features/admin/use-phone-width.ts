import { useMediaQuery } from '../../lib/use-media-query';

/** antd's `md` breakpoint: below it the console folds its menu into a drawer and tables into cards. */
const PHONE = '(max-width: 767px)';

/** Whether the console is on a phone-width screen, known on the first render. */
export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE);
}
