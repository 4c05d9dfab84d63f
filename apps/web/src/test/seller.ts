import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';

/** The seller the screens' tests sign in as. */
export const SELLER_PHONE = '13800000000';

/** Signs in as the seller (session token `tok-1`). */
export function signInSeller() {
  useAuthStore.getState().signIn('tok-1', { username: SELLER_PHONE, phone: SELLER_PHONE });
}

/** Signs out, and takes back every global the test stubbed. */
export function signOut() {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
}

/** For a test file: each test starts signed in as the seller and signs out afterwards. */
export function eachTestSignedIn() {
  beforeEach(signInSeller);
  afterEach(signOut);
}
