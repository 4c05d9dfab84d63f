import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { INVITE_REWARDS, type InviteActivity } from '@chuhai/contract';
import { App, Button, Card, Empty, Input, QRCode, Skeleton, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { PageFrame } from '../../../components/ui/page-frame';
import { SignedOutNotice } from '../../../components/ui/sign-in-prompt';
import { serverPaging } from '../../../components/ui/table-paging';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useAuthStore } from '../../../stores/auth-store';
import { useInviteHistory } from '../api/get-invite-history';
import '../invite.css';

/** The link an invitee opens: the register screen with the code filled in. */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/#${paths.register.getHref(code)}`;
}

const RULES = [
  `好友通过你的链接或邀请码注册，好友得 ${INVITE_REWARDS.inviteeOnRegister} 天 VIP，你得 ${INVITE_REWARDS.inviterOnRegister} 天 VIP。`,
  `好友第一次购买任意 VIP 套餐，你再得 ${INVITE_REWARDS.inviterOnFirstOrder} 天 VIP。`,
  `每月最多奖励 ${INVITE_REWARDS.rewardedRegistrationsPerMonth} 位好友的注册奖励（按北京时间自然月），超出的邀请照常记录。`,
  '奖励的 VIP 天数接在现有会员到期日之后，立即生效。',
] as const;

function ShareCard({ code }: { code: string }) {
  const { message } = App.useApp();
  const link = inviteLink(code);
  const copy = () =>
    navigator.clipboard?.writeText(link).then(
      () => message.success('邀请链接已复制，发给好友吧'),
      () => message.error('复制失败，请长按或手动选择链接复制'),
    );
  return (
    <Card className="invite-share">
      <div className="invite-share__text">
        <h2>
          <GiftOutlined /> 我的邀请链接
        </h2>
        <p className="muted">
          邀请码 <strong className="code-text">{code}</strong>
        </p>
        <div className="invite-share__link">
          <Input value={link} readOnly aria-label="邀请链接" />
          <Button type="primary" icon={<CopyOutlined />} onClick={copy}>
            复制链接
          </Button>
        </div>
        <ul className="invite-rules">
          {RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
      <div className="invite-share__qr">
        <QRCode value={link} size={148} bgColor="#ffffff" color="#111111" />
        <span className="muted">微信扫码注册</span>
      </div>
    </Card>
  );
}

/** 邀请有礼: the link with copy and QR code, the rules, totals and the history (5 a page). */
export function InviteScreen() {
  const signedIn = useAuthStore((s) => s.token !== null);
  const [pageNo, setPageNo] = useState(1);
  const history = useInviteHistory(pageNo);

  if (!signedIn) {
    return (
      <PageFrame title="邀请有礼" lead="邀请卖家朋友注册，双方都得 VIP 天数。">
        <SignedOutNotice icon={<GiftOutlined />} title="登录后获取你的专属邀请链接" />
      </PageFrame>
    );
  }
  const summary = history.data?.summary;
  return (
    <PageFrame title="邀请有礼" lead="邀请卖家朋友注册，双方都得 VIP 天数。" wide>
      {summary ? <ShareCard code={summary.inviteCode} /> : <Skeleton active />}
      <div className="invite-stats">
        <Card>
          <Statistic title="已邀请好友" value={summary?.invitedCount ?? 0} suffix="人" />
        </Card>
        <Card>
          <Statistic title="累计获得 VIP" value={summary?.rewardDaysTotal ?? 0} suffix="天" />
        </Card>
        <Card>
          <Statistic
            title="本月已奖励"
            value={summary?.rewardedThisMonth ?? 0}
            suffix={`/ ${summary?.monthlyCap ?? INVITE_REWARDS.rewardedRegistrationsPerMonth}`}
          />
        </Card>
      </div>
      <Card title="邀请记录">
        <Table<InviteActivity>
          rowKey="id"
          loading={history.isFetching}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: <Empty description="还没有邀请记录，把链接发给卖家朋友吧" /> }}
          pagination={serverPaging('inviteHistory', {
            pageNo,
            onPage: setPageNo,
            total: history.data?.total,
          })}
          columns={[
            { title: '好友', dataIndex: 'phone' },
            { title: '事件', dataIndex: 'eventName' },
            {
              title: '奖励',
              dataIndex: 'rewardDays',
              render: (days: number, row) =>
                row.capped ? <Tag>已达本月上限</Tag> : <Tag color="gold">+{days} 天 VIP</Tag>,
            },
            {
              title: '时间',
              dataIndex: 'createdAt',
              responsive: ['sm'],
              render: (at: number) => formatDateTime(at),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
