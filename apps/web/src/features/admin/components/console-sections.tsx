import {
  ApiOutlined,
  AuditOutlined,
  BookOutlined,
  CloudServerOutlined,
  CrownOutlined,
  DashboardOutlined,
  GiftOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  SafetyOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
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

interface ConsoleSection {
  label: string;
  icon: ReactNode;
  render: (admin: boolean) => ReactNode;
}

/** Every console page by its URL segment (`#/admin/<key>`; '' is 概览). */
export const SECTIONS = {
  '': { label: '概览', icon: <DashboardOutlined />, render: () => <DashboardSection /> },
  users: { label: '用户', icon: <UserOutlined />, render: () => <UsersSection /> },
  orders: { label: '订单', icon: <ShoppingCartOutlined />, render: () => <OrdersSection /> },
  costs: { label: '成本', icon: <PayCircleOutlined />, render: () => <CostsSection /> },
  plans: {
    label: '套餐与额度',
    icon: <CrownOutlined />,
    render: (admin: boolean) => <PlansSection canEdit={admin} />,
  },
  redeem: {
    label: '兑换码',
    icon: <GiftOutlined />,
    render: (admin: boolean) => <RedeemSection canEdit={admin} />,
  },
  announcements: {
    label: '公告',
    icon: <NotificationOutlined />,
    render: (admin: boolean) => <AnnouncementsSection canEdit={admin} />,
  },
  library: {
    label: '提示词库',
    icon: <BookOutlined />,
    render: (admin: boolean) => <LibrarySection canEdit={admin} />,
  },
  channels: {
    label: '渠道',
    icon: <ApiOutlined />,
    render: (admin: boolean) => <ChannelsSection canEdit={admin} />,
  },
  providers: {
    label: '服务状态',
    icon: <CloudServerOutlined />,
    render: (admin: boolean) => <ProvidersSection canTest={admin} />,
  },
  audit: { label: '操作日志', icon: <AuditOutlined />, render: () => <AuditSection /> },
  security: { label: '两步验证', icon: <SafetyOutlined />, render: () => <SecuritySection /> },
} satisfies Record<string, ConsoleSection>;

export type SectionKey = keyof typeof SECTIONS;

/**
 * The menu's groups: twelve pages in one flat list were hard to scan, and an operator comes for one
 * job at a time (the day's figures, a seller's order, a price, a provider that fails).
 */
export const SECTION_GROUPS: { label: string; keys: SectionKey[] }[] = [
  { label: '经营', keys: ['', 'users', 'orders', 'costs'] },
  { label: '商品与活动', keys: ['plans', 'redeem', 'announcements', 'library'] },
  { label: 'AI 服务', keys: ['channels', 'providers'] },
  { label: '安全', keys: ['audit', 'security'] },
];

/** The section a URL segment names; an unknown one shows 概览. */
export const sectionOf = (segment: string | undefined): SectionKey =>
  segment && segment in SECTIONS ? (segment as SectionKey) : '';
