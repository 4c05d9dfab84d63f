import type { ChannelView } from '@chuhai/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { channelView } from '../../../test/channel-view';
import { signInOperator } from '../../../test/operator';
import { type FakeCall, ok, renderWithApp } from '../../../test/render';
import { signOut } from '../../../test/seller';
import AdminConsole from '../components/admin-console';

function open(
  channels: ChannelView[],
  more: Record<string, (call: FakeCall) => { status?: number; body: unknown }>,
) {
  const calls = signInOperator({
    '/api/admin/channels': () => ok(channels),
    ...more,
  });
  renderWithApp(<AdminConsole />, { path: '/admin/channels', route: '/admin/*' });
  return calls;
}

const READ_AT = new Date(2026, 10, 27, 8, 10).getTime();
/** DeepSeek's balance as the server keeps it: ¥110, read with the key ending 1234 at READ_AT. */
const BALANCE = {
  offered: true,
  amount: 110,
  currency: 'CNY',
  usable: true,
  keyTail: '1234',
  readAt: READ_AT,
};

/** Opens 中转站's edit dialog and asks for its model list. */
async function askModelsOfRelay() {
  fireEvent.click(await screen.findByRole('button', { name: '编辑渠道中转站' }));
  const dialog = await screen.findByRole('dialog', { name: /编辑渠道「中转站」/ });
  return {
    dialog,
    ask: () => fireEvent.click(within(dialog).getByRole('button', { name: '获取模型列表' })),
  };
}

/** What the console sent to the model-list route. */
const modelsAsked = (calls: FakeCall[]) =>
  calls.find((call) => call.url === '/api/admin/channels/models')?.body;

describe('渠道 · 获取模型列表 and 余额', () => {
  afterEach(signOut);

  it('lists the provider’s models with the stored key when the key is left empty, and saves the one picked', async () => {
    const calls = open([channelView({ id: 7, name: '中转站', fromEnv: false, models: [] })], {
      '/api/admin/channels/models': () => ok({ models: ['deepseek-chat', 'deepseek-reasoner'] }),
      '/api/admin/channels/7': () => ok(7),
    });
    const { dialog, ask } = await askModelsOfRelay();
    expect(within(dialog).getByText(/密钥留空则用已保存的密钥/)).toBeInTheDocument();
    ask();
    expect(await within(dialog).findByText(/服务商提供 2 个模型/)).toBeInTheDocument();
    expect(modelsAsked(calls)).toEqual({
      kind: 'chat',
      provider: 'openai',
      baseUrl: 'https://api.example.com/v1',
      key: '',
      channelId: 7,
    });
    fireEvent.click(await screen.findByTitle('deepseek-reasoner'));
    fireEvent.change(within(dialog).getByLabelText('两步验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/channels/7')).toBe(true));
    const saved = calls.find((call) => call.url === '/api/admin/channels/7');
    expect(saved?.body).toMatchObject({ models: ['deepseek-reasoner'], keys: [], totp: '123456' });
  });

  it('asks with the key typed in the form at the saved address, without a code, and shows the provider’s refusal in the dialog', async () => {
    const calls = open([channelView({ id: 7, name: '中转站', fromEnv: false })], {
      '/api/admin/channels/models': () => ({
        status: 400,
        body: { code: 400, msg: '服务商拒绝了这个密钥（401）：请检查密钥是否填对、是否有权限', data: null },
      }),
    });
    const { dialog, ask } = await askModelsOfRelay();
    fireEvent.change(within(dialog).getByLabelText(/密钥/), {
      target: { value: '\n sk-new-0001 \nsk-new-0002' },
    });
    ask();
    expect(await within(dialog).findByText(/服务商拒绝了这个密钥（401）/)).toBeInTheDocument();
    expect(modelsAsked(calls)).toEqual({
      kind: 'chat',
      provider: 'openai',
      baseUrl: 'https://api.example.com/v1',
      key: 'sk-new-0001',
      channelId: 7,
    });
  });

  it('asks a new channel’s address only with the two-factor code, which it then empties for the save', async () => {
    const calls = open([], {
      '/api/admin/channels/models': () => ok({ models: ['deepseek-chat'] }),
    });
    const chat = (await screen.findAllByRole('button', { name: '新增渠道' }))[0] as HTMLElement;
    fireEvent.click(chat);
    const dialog = await screen.findByRole('dialog', { name: /新增对话模型渠道/ });
    fireEvent.change(within(dialog).getByLabelText('接口地址'), {
      target: { value: 'https://api.deepseek.com/v1' },
    });
    fireEvent.change(within(dialog).getByLabelText(/密钥/), { target: { value: 'sk-typed-0001' } });
    const ask = () => fireEvent.click(within(dialog).getByRole('button', { name: '获取模型列表' }));
    ask();
    expect(await within(dialog).findByText(/新的接口地址获取模型列表需要两步验证码/)).toBeInTheDocument();
    expect(modelsAsked(calls)).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText('两步验证码'), { target: { value: '123456' } });
    ask();
    expect(
      await within(dialog).findByText(/这个两步验证码已用过，保存时请填写验证器上的下一个/),
    ).toBeInTheDocument();
    expect(modelsAsked(calls)).toEqual({
      kind: 'chat',
      provider: 'openai',
      baseUrl: 'https://api.deepseek.com/v1',
      key: 'sk-typed-0001',
      totp: '123456',
    });
    expect(within(dialog).getByLabelText('两步验证码')).toHaveValue('');
  });

  it('asks a saved channel’s edited address with the code, and shows the server’s answer to a wrong one', async () => {
    const calls = open([channelView({ id: 7, name: '中转站', fromEnv: false })], {
      '/api/admin/channels/models': () => ({
        status: 400,
        body: { code: 400, msg: '两步验证码不对，请输入验证器上当前的 6 位数字', data: null },
      }),
    });
    const { dialog, ask } = await askModelsOfRelay();
    fireEvent.change(within(dialog).getByLabelText('接口地址'), {
      target: { value: 'https://other.example.com/v1' },
    });
    fireEvent.change(within(dialog).getByLabelText(/密钥/), { target: { value: 'sk-new-0001' } });
    ask();
    expect(await within(dialog).findByText(/需要两步验证码/)).toBeInTheDocument();
    expect(modelsAsked(calls)).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('两步验证码'), { target: { value: '654321' } });
    ask();
    expect(await within(dialog).findByText(/两步验证码不对/)).toBeInTheDocument();
    expect(modelsAsked(calls)).toEqual({
      kind: 'chat',
      provider: 'openai',
      baseUrl: 'https://other.example.com/v1',
      key: 'sk-new-0001',
      totp: '654321',
    });
  });

  it('shows the balance with the time it was read, refreshes it, and says when a provider has none', async () => {
    let balance = BALANCE;
    const calls = open(
      [
        channelView({ id: 1, name: 'DeepSeek', balance: null }),
        channelView({ id: 2, name: '万相', kind: 'image', provider: 'dashscope', balanceQuery: false }),
      ],
      {
        '/api/admin/channels/1/balance': () => {
          balance = { ...balance, amount: 74.5, currency: 'USD' };
          return ok(balance);
        },
      },
    );
    expect(await screen.findByText('余额未查询')).toBeInTheDocument();
    expect(screen.getByText('该服务商不提供余额查询')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '刷新余额万相' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '刷新余额DeepSeek' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/channels/1/balance')).toBe(true),
    );
  });

  it('writes the amount in its currency, with when it was read', async () => {
    open(
      [
        channelView({
          id: 1,
          name: 'DeepSeek',
          balance: BALANCE,
        }),
        channelView({
          id: 3,
          name: '中转站',
          balance: {
            offered: true,
            amount: 74.5,
            currency: 'USD',
            usable: false,
            keyTail: '9999',
            readAt: READ_AT,
          },
        }),
      ],
      {},
    );
    expect(await screen.findByText('¥110.00')).toBeInTheDocument();
    expect(screen.getByText('$74.50')).toBeInTheDocument();
    expect(screen.getByText(/服务商说账户当前不可调用/)).toBeInTheDocument();
    expect(screen.getAllByText(/11-27 08:10 读取/)).toHaveLength(2);
  });
});
