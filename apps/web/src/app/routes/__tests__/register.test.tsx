import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { configureApiClient } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { renderWithApp } from '../../../test/render';
import RegisterScreen from '../register';

beforeEach(() => {
  useAuthStore.getState().clear();
  configureApiClient({ notifyError: vi.fn(), currentPath: () => '/register' });
});

describe('the register screen', () => {
  it('takes the invite code of another invitation link followed while it is open, keeping what was typed', async () => {
    const { router } = renderWithApp(<RegisterScreen />, {
      path: paths.register.getHref('AB23CD45'),
      route: paths.register.path,
    });
    const invite = screen.getByLabelText('邀请码（选填）');
    expect(invite).toHaveValue('AB23CD45');
    await userEvent.type(screen.getByLabelText('手机号'), '13812345678');

    await act(() => router.navigate(paths.register.getHref('XY98ZW76')));
    await waitFor(() => expect(invite).toHaveValue('XY98ZW76'));
    expect(screen.getByLabelText('手机号')).toHaveValue('13812345678');

    // A link without a code leaves the field as the seller has it.
    await userEvent.clear(invite);
    await userEvent.type(invite, 'MN45PQ67');
    await act(() => router.navigate(paths.register.getHref()));
    expect(invite).toHaveValue('MN45PQ67');
  });
});
