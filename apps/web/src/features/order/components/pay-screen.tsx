import { AlipayCircleOutlined, ExperimentOutlined, WechatOutlined } from '@ant-design/icons';
import { formatDate, ORDER_LIMITS, type OrderView, type PayResult } from '@chuhai/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, QRCode, Radio, Result, Skeleton, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { SignedOutNotice } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { invalidateSpending } from '../../../entities/account/spending';
import { useProducts } from '../../../entities/plans/get-products';
import { useActionKey } from '../../../lib/action-key';
import { formatYuan } from '../../../lib/money';
import { useAuthStore } from '../../../stores/auth-store';
import { checkOrder, useCreateOrder, usePayChannels } from '../api/pay';
import '../order.css';

const CHANNEL_ICONS: Record<string, ReactNode> = {
  alipay: <AlipayCircleOutlined style={{ color: '#1677ff' }} />,
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  sandbox: <ExperimentOutlined style={{ color: '#d46b08' }} />,
};

/** mm:ss left until `until`, ticking every second. */
function useCountdown(until: number): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/** Asks every 2 s until the order is paid or closed; a paid order refreshes the account everywhere. */
function useOrderProgress(orderNo: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['order', orderNo],
    queryFn: () => checkOrder(orderNo),
    refetchInterval: (q) =>
      q.state.data && q.state.data.status !== 'pending' ? false : ORDER_LIMITS.pollEveryMs,
    refetchIntervalInBackground: true,
    retry: true,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'paid') void invalidateSpending(client);
  }, [status, client]);
  return query.data;
}

function Waiting({ pay }: { pay: PayResult }) {
  const latest = useOrderProgress(pay.order.orderNo);
  const order: OrderView = latest ?? pay.order;
  const left = useCountdown(order.expiresAt);
  const sandbox = order.channel === 'sandbox';

  if (order.status === 'paid') {
    return (
      <Result
        status="success"
        title="支付成功，VIP 已生效"
        subTitle={order.vipEndAt ? `VIP 于 ${formatDate(order.vipEndAt)} 到期` : undefined}
        extra={[
          <Link key="use" to={paths.question.getHref()}>
            <Button type="primary">开始使用</Button>
          </Link>,
          <Link key="profile" to={paths.profile.getHref()}>
            <Button>查看订单</Button>
          </Link>,
        ]}
      />
    );
  }
  if (order.status === 'closed') {
    return (
      <Result
        status="warning"
        title="订单已关闭"
        subTitle={`超过 ${ORDER_LIMITS.payWithinMinutes} 分钟未支付，或已在收银台取消。没有扣款，可以重新下单。`}
        extra={
          <Link to={paths.price.getHref()}>
            <Button type="primary">重新选择套餐</Button>
          </Link>
        }
      />
    );
  }
  return (
    <Card className="pay-card">
      {sandbox ? (
        <Alert
          type="warning"
          showIcon
          title="沙箱支付：用于开发和演示，不会真实扣款"
          className="pay-sandbox"
        />
      ) : null}
      <p className="pay-amount">
        ¥<strong>{formatYuan(order.amount)}</strong>
      </p>
      <p className="muted">
        {order.productName} · 订单号 {order.orderNo}
      </p>
      <div className="pay-qr">
        <QRCode value={pay.qrCode} size={200} bgColor="#ffffff" color="#111111" />
      </div>
      <p>
        请用
        {sandbox
          ? '手机扫码或点下方按钮打开沙箱收银台'
          : order.channel === 'wechat'
            ? '微信扫一扫'
            : '支付宝扫一扫'}
        完成支付
      </p>
      <p className="pay-countdown">
        剩余支付时间 <Tag color="blue">{left}</Tag>
      </p>
      {pay.payUrl ? (
        <a href={pay.payUrl} target="_blank" rel="noopener noreferrer">
          <Button>{sandbox ? '打开沙箱收银台' : '在浏览器中支付'}</Button>
        </a>
      ) : null}
      <p className="muted pay-hint">支付完成后本页会自动显示结果，无需刷新。</p>
    </Card>
  );
}

/** 支付: choose a channel, create the order, scan, and see the result as soon as it is paid. */
export function PayScreen() {
  const [params] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const signedIn = useAuthStore((s) => s.token !== null);
  const products = useProducts();
  const channels = usePayChannels();
  const create = useCreateOrder();
  const info = useAccountInfo({ noError: true, enabled: signedIn });
  const vipEnd = info.data?.ConsumerLevel[0]?.levelEndAt;
  const [channel, setChannel] = useState<string | null>(null);
  const [pay, setPay] = useState<PayResult | null>(null);
  const plan = products.data?.plans.find((p) => p.id === productId);
  const chosen = channel ?? channels.data?.[0]?.channel ?? null;
  // One key per plan and channel on this screen: 确认下单 pressed twice, or again after a lost answer,
  // is the order already made (the server answers it with the same QR code), never a second order.
  const payKey = useActionKey(`${productId}:${chosen}`);
  // Set at the click itself: the second click of a double click can come before `loading` renders.
  const placing = useRef(false);

  if (!signedIn) {
    return (
      <PageFrame title="支付">
        <SignedOutNotice title="登录后才能购买" />
      </PageFrame>
    );
  }
  if (products.isPending || channels.isPending) return <Skeleton active />;
  if (!plan) {
    return (
      <PageFrame title="支付">
        <Result
          status="info"
          title="请先选择套餐"
          extra={
            <Link to={paths.price.getHref()}>
              <Button type="primary">查看套餐</Button>
            </Link>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame title="支付" lead="扫码完成支付，会员立即生效。">
      {pay ? (
        <Waiting pay={pay} />
      ) : (
        <Card className="pay-card">
          <h2 className="pay-plan">{plan.name}</h2>
          <p className="pay-amount">
            ¥<strong>{formatYuan(plan.price)}</strong>
          </p>
          {/* 顺延 only means something to a seller whose VIP is running. */}
          <p className="muted">
            {vipEnd && vipEnd > Date.now()
              ? `${plan.days} 天会员，从当前到期日 ${formatDate(vipEnd)} 往后顺延`
              : `${plan.days} 天会员，付款后立即生效`}
          </p>
          {channels.data && channels.data.length > 0 ? (
            <Radio.Group
              value={chosen}
              onChange={(e) => setChannel(e.target.value)}
              className="pay-channels"
              aria-label="支付方式"
              options={channels.data.map((c) => ({
                value: c.channel,
                label: (
                  <span>
                    {CHANNEL_ICONS[c.channel]} {c.name}
                  </span>
                ),
              }))}
            />
          ) : (
            <Alert type="warning" showIcon title="暂未开通在线支付，请联系客服购买" />
          )}
          <Button
            type="primary"
            size="large"
            block
            disabled={!chosen}
            loading={create.isPending}
            onClick={async () => {
              if (!chosen || placing.current) return;
              placing.current = true;
              try {
                setPay(await create.mutateAsync({ productId: plan.id, channel: chosen, payKey: payKey.key }));
              } catch {
                // The API client has shown why; the same key tries the same order again.
              } finally {
                placing.current = false;
              }
            }}
          >
            确认下单
          </Button>
        </Card>
      )}
    </PageFrame>
  );
}
