import type { ChannelBalance, ChannelView } from '@chuhai/contract';
import { Button } from 'antd';
import { formatDateTime } from '../../../lib/format';
import { useRefreshChannelBalance } from '../api/refresh-channel-balance';

const SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$' };

/** `¥110.00`, `$74.50`, or the amount and the provider's currency code. */
export function money(balance: ChannelBalance): string {
  const amount = (balance.amount ?? 0).toFixed(2);
  const symbol = balance.currency ? SYMBOLS[balance.currency] : undefined;
  return symbol ? `${symbol}${amount}` : `${amount} ${balance.currency ?? ''}`.trim();
}

/**
 * The channel's balance as its provider last told it, when it was read and with which key, and
 * 刷新余额 for an admin. Providers without a balance query say so instead of showing a figure.
 */
export function ChannelBalanceLine(props: { channel: ChannelView; canRefresh: boolean; compact?: boolean }) {
  const { channel } = props;
  const refresh = useRefreshChannelBalance();
  const { balance } = channel;
  if (!channel.balanceQuery || balance?.offered === false)
    return <div className="admin-channel__balance muted">该服务商不提供余额查询</div>;
  return (
    <div className="admin-channel__balance">
      {balance ? (
        <span>
          余额 <strong>{money(balance)}</strong>
          {balance.usable ? null : (
            <span className="admin-channel__balance-warn">（服务商说账户当前不可调用）</span>
          )}
          <span className="muted">
            {' '}
            · {formatDateTime(balance.readAt).slice(5)} 读取
            {props.compact ? '' : `（第一个密钥，尾号 ${balance.keyTail}）`}
          </span>
        </span>
      ) : (
        <span className="muted">余额未查询</span>
      )}
      {props.canRefresh ? (
        <Button
          size="small"
          type="link"
          loading={refresh.isPending}
          onClick={() => refresh.mutate(channel.id)}
          aria-label={`刷新余额${channel.name}`}
        >
          刷新余额
        </Button>
      ) : null}
    </div>
  );
}
