import { vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import { type FakeCall, fakeApi } from './render';

type Routes = Parameters<typeof fakeApi>[0];

/**
 * A signed-in seller on a studio screen: the API answers `routes`, a chosen or fetched picture
 * gets the object URL `blobUrl`, and scrolling a result into view does nothing. The calls made.
 */
export function openStudioAsSeller(routes: Routes, blobUrl = 'blob:original'): FakeCall[] {
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/' });
  const calls = fakeApi(routes);
  URL.createObjectURL = vi.fn(() => blobUrl);
  URL.revokeObjectURL = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
  useAuthStore.getState().signIn('tok-1', { username: '13800000000', phone: '13800000000' });
  return calls;
}

/** Undoes openStudioAsSeller (and any stubbed globals). */
export function signOutOfStudio() {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
}
