import { Layout, Menu, Result, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { SignedOutNotice } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { useStaffMe } from '../api/get-staff-me';
import { AnnouncementsSection } from './announcements-section';
import { AuditSection } from './audit-section';
import { ChannelsSection } from './channels-section';
import { CostsSection } from './costs-section';
import { DashboardSection } from './dashboard-section';
import { LibrarySection } from './library-section';
import { OrdersSection } from './orders-section';
import { PlansSection } from './plans-section';
import { ProvidersSection } from './providers-section';
import { RedeemSection } from './redeem-section';
import { SecuritySection } from './security-section';
import { UsersSection } from './users-section';
import '../admin.css';

const SECTIONS = {
  '': { label: '概览', render: () => <DashboardSection /> },
  users: { label: '用户', render: () => <UsersSection /> },
  orders: { label: '订单', render: () => <OrdersSection /> },
  plans: { label: '套餐与额度', render: () => <PlansSection /> },
  redeem: { label: '兑换码', render: () => <RedeemSection /> },
  library: { label: '提示词库', render: () => <LibrarySection /> },
  announcements: { label: '公告', render: () => <AnnouncementsSection /> },
  providers: { label: '服务状态', render: () => <ProvidersSection /> },
  channels: { label: '渠道', render: (admin: boolean) => <ChannelsSection canEdit={admin} /> },
  costs: { label: '成本', render: () => <CostsSection /> },
  audit: { label: '操作日志', render: () => <AuditSection /> },
  security: { label: '两步验证', render: () => <SecuritySection /> },
} as const;
type Section = keyof typeof SECTIONS;

/** 运营后台: its own lazy chunk; the server checks the role on every call, this only arranges screens. */
export default function AdminConsole() {
  const token = useAuthStore((s) => s.token);
  const me = useStaffMe();
  const section = (useParams()['*'] ?? '') as Section;

  if (!token) return <SignedOutNotice title="登录后进入运营后台" />;
  if (me.isPending) return <Skeleton active className="admin-loading" />;
  if (me.isError) return <Result status="403" title="没有权限" subTitle="运营后台只对管理员和客服开放。" />;
  const current = SECTIONS[section] ?? SECTIONS[''];

  return (
    <Layout className="admin-console">
      <Layout.Sider
        breakpoint="md"
        collapsedWidth={0}
        width={180}
        theme="light"
        className="admin-console__menu"
      >
        <div className="admin-console__who">
          {me.data.phone}{' '}
          <Tag color={me.data.role === 'admin' ? 'red' : 'blue'}>
            {me.data.role === 'admin' ? '管理员' : '客服'}
          </Tag>
        </div>
        <Menu
          mode="inline"
          selectedKeys={[section in SECTIONS ? section : '']}
          items={Object.entries(SECTIONS).map(([key, value]) => ({
            key,
            label: <Link to={paths.admin.getHref(key)}>{value.label}</Link>,
          }))}
        />
      </Layout.Sider>
      {/* Not Layout.Content: that is a <main>, and the page's one <main> is the app layout's. */}
      <div className="admin-console__content">
        {me.data.role === 'admin' && !me.data.totpBound && section !== 'security' ? (
          <Result
            status="info"
            title="请先绑定两步验证"
            subTitle="退款、调整会员、修改角色和生成兑换码都需要验证器上的动态码。"
            extra={<Link to={paths.admin.getHref('security')}>去绑定</Link>}
            className="admin-console__notice"
          />
        ) : null}
        {current.render(me.data.role === 'admin')}
      </div>
    </Layout>
  );
}
