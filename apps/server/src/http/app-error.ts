/**
 * The error services throw lives in lib/ (lib/app-error.ts), where every layer may import it; the
 * HTTP layer answers it (error-handler.ts). Older imports name it here.
 */
export { AppError } from '../lib/app-error.ts';
