import { FEATURE_LABELS, orderStatusText } from '@chuhai/contract';
import { App, Button, Descriptions, Form, InputNumber, List, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { formatYuan } from '../../../lib/money';
import { useAdjustVip } from '../api/adjust-vip';
import { useAdminUser } from '../api/get-admin-user';
import { useStaffMe } from '../api/get-staff-me';
import { useSetDisabled } from '../api/set-disabled';
import { useSetRole } from '../api/set-role';
import { useTotpReset } from '../api/totp-reset';
import { labelOf, ROLE_NAMES } from '../labels';
import { formatCost } from './cost-format';
import { DetailDrawer } from './detail-drawer';
import { ReasonInput } from './reason-input';
import { TotpInput } from './totp-input';

/**
 * One account: VIP, today's usage, orders, devices; adjust VIP, disable, change the role, and for an
 * operator who lost their authenticator, reset two-factor.
 */
export function UserDrawer(props: { userId: number | null; onClose: () => void }) {
  const detail = useAdminUser(props.userId);
  const id = props.userId ?? 0;
  const adjust = useAdjustVip(id);
  const disable = useSetDisabled(id);
  const role = useSetRole(id);
  const resetTotp = useTotpReset(id);
  const [action, setAction] = useState<'vip' | 'disable' | 'role' | 'totp' | null>(null);
  const { message } = App.useApp();
  // 客服 reads; these changes are an admin's (the server refuses anyone else after the form is filled in).
  const admin = useStaffMe().data?.role === 'admin';

  return (
    <DetailDrawer
      open={props.userId !== null}
      onClose={props.onClose}
      title="用户详情"
      width={560}
      data={detail.data}
    >
      {(data) => (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="手机号">{data.user.phone}</Descriptions.Item>
            <Descriptions.Item label="角色">{ROLE_NAMES[data.user.role]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {data.user.disabled ? <Tag color="red">已停用</Tag> : '正常'}
            </Descriptions.Item>
            <Descriptions.Item label="VIP 到期">
              {data.vip[0] ? formatDateTime(data.vip[0].levelEndAt) : '不是 VIP'}
            </Descriptions.Item>
            <Descriptions.Item label="今日用量">
              {data.usage.map((u) => `${u.name} ${u.used}/${u.limit}`).join('，')}
            </Descriptions.Item>
            <Descriptions.Item label="邀请人数">{data.invitedCount}</Descriptions.Item>
            <Descriptions.Item label="本月 AI 成本">¥{formatCost(data.monthCost)}</Descriptions.Item>
          </Descriptions>
          {admin ? (
            <Space wrap className="admin-actions">
              <Button onClick={() => setAction('vip')}>调整会员</Button>
              <Button danger={!data.user.disabled} onClick={() => setAction('disable')}>
                {data.user.disabled ? '启用账号' : '停用账号'}
              </Button>
              <Button onClick={() => setAction('role')}>修改角色</Button>
              {data.user.role !== 'user' ? (
                <Button onClick={() => setAction('totp')}>重置两步验证</Button>
              ) : null}
            </Space>
          ) : null}
          {action === 'vip' ? (
            <Form
              layout="vertical"
              onFinish={async (values: { days: number; reason: string; totp: string }) => {
                await adjust.mutateAsync(values);
                message.success('会员已调整');
                setAction(null);
              }}
            >
              <Form.Item
                name="days"
                label="天数（负数为扣减）"
                rules={[{ required: true, message: '请输入天数' }]}
              >
                <InputNumber min={-3660} max={3660} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <ReasonInput />
              <TotpInput />
              <Button type="primary" htmlType="submit" loading={adjust.isPending}>
                确认调整
              </Button>
            </Form>
          ) : null}
          {action === 'disable' ? (
            <Form
              layout="vertical"
              onFinish={async ({ reason }: { reason: string }) => {
                await disable.mutateAsync({ disabled: !data.user.disabled, reason });
                message.success(data.user.disabled ? '账号已启用' : '账号已停用');
                setAction(null);
              }}
            >
              <ReasonInput />
              <Button
                type="primary"
                danger={!data.user.disabled}
                htmlType="submit"
                loading={disable.isPending}
              >
                {data.user.disabled ? '确认启用' : '确认停用（所有设备立即退出）'}
              </Button>
            </Form>
          ) : null}
          {action === 'role' ? (
            <Form
              layout="vertical"
              initialValues={{ role: data.user.role }}
              onFinish={async (values: { role: 'user' | 'support' | 'admin'; totp: string }) => {
                await role.mutateAsync(values);
                message.success('角色已修改');
                setAction(null);
              }}
            >
              <Form.Item name="role" label="角色">
                <Select options={Object.entries(ROLE_NAMES).map(([value, label]) => ({ value, label }))} />
              </Form.Item>
              <TotpInput />
              <Button type="primary" htmlType="submit" loading={role.isPending}>
                确认修改
              </Button>
            </Form>
          ) : null}
          {action === 'totp' ? (
            <Form
              layout="vertical"
              onFinish={async ({ totp }: { totp: string }) => {
                await resetTotp.mutateAsync(totp);
                message.success('两步验证已重置，对方下次进入运营后台时重新绑定');
                setAction(null);
              }}
            >
              <p className="muted">
                只在对方的验证器丢失时使用：重置后对方要重新绑定新的验证器才能做涉及资金的操作。这一操作会记入操作日志。
              </p>
              <TotpInput />
              <Button type="primary" danger htmlType="submit" loading={resetTotp.isPending}>
                确认重置
              </Button>
            </Form>
          ) : null}
          <DetailList
            title="订单"
            empty="没有订单"
            lines={data.orders.map(
              (o) =>
                `${o.productName} · ¥${formatYuan(o.amount)} · ${orderStatusText(o, formatYuan)} · ${formatDateTime(o.createdAt)}`,
            )}
          />
          <DetailList
            title="邀请记录"
            empty="没有邀请记录"
            lines={data.invitations.map(
              (i) => `${i.phone} · ${i.eventName} · 奖励 ${i.rewardDays} 天 · ${formatDateTime(i.createdAt)}`,
            )}
          />
          <DetailList
            title="用量明细（最近 50 条）"
            empty="没有用量记录"
            lines={data.ledger.map(
              (e) =>
                `${e.day} · ${labelOf(FEATURE_LABELS, e.feature)} · ${e.delta > 0 ? '使用' : '失败退回'} ${Math.abs(e.delta)} 次 · ${formatDateTime(e.createdAt)}`,
            )}
          />
          <DetailList
            title="登录设备"
            empty="没有登录中的设备"
            lines={data.sessions.map((d) => `${d.device} · ${d.ip} · 最近 ${formatDateTime(d.lastSeenAt)}`)}
          />
        </>
      )}
    </DetailDrawer>
  );
}

/** A titled list of one-line facts about the user. */
function DetailList(props: { title: string; empty: string; lines: string[] }) {
  return (
    <>
      <h3>{props.title}</h3>
      <List
        size="small"
        dataSource={props.lines}
        locale={{ emptyText: props.empty }}
        renderItem={(line) => <List.Item>{line}</List.Item>}
      />
    </>
  );
}
