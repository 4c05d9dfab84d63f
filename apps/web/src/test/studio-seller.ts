import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { configureApiClient } from '../lib/api-client';
import { type FakeCall, fakeApi } from './render';
import { signInSeller, signOut } from './seller';

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
  signInSeller();
  return calls;
}

/** Undoes openStudioAsSeller (and any stubbed globals). */
export const signOutOfStudio = signOut;

/** The seller picks one PNG called `name` in a studio screen's 选择图片 (its contents do not matter). */
export function choosePicture(name: string) {
  fireEvent.change(screen.getByLabelText('选择图片'), {
    target: { files: [new File(['x'], name, { type: 'image/png' })] },
  });
}
