import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, renderWithApp } from '../../../test/render';
import { eachTestSignedIn } from '../../../test/seller';
import { DevicesCard } from '../components/devices-card';

const now = Date.now();
const devices = [
  { id: 3, device: '微信 · iPhone', ip: '198.51.100.*', signedInAt: now, lastSeenAt: now, current: true },
  { id: 2, device: 'Chrome · Windows', ip: '203.0.113.*', signedInAt: now, lastSeenAt: now, current: false },
];

describe('登录设备', () => {
  eachTestSignedIn();

  it('shows each device, marks this one, and signs another out', async () => {
    let list = devices;
    const calls = fakeApi({
      '/api/v1/sessions': () => ok(list),
      '/api/v1/sessions/revoke': () => {
        list = list.filter((d) => d.current);
        return ok({ revoked: 1 });
      },
    });
    renderWithApp(<DevicesCard />);
    expect(await screen.findByText('Chrome · Windows')).toBeInTheDocument();
    expect(screen.getByText('本机')).toBeInTheDocument();
    expect(screen.getByText(/203\.0\.113\.\*/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退出 微信 · iPhone' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '退出 Chrome · Windows' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /退\s*出/ }));
    await waitFor(() => expect(screen.queryByText('Chrome · Windows')).toBeNull());
    expect(calls.find((c) => c.url === '/api/v1/sessions/revoke')?.body).toEqual({ id: 2 });
    expect(screen.queryByRole('button', { name: '退出其他设备' })).toBeNull();
  });
});
