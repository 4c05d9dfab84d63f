import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import { PRODUCT_NAME, type StaffMe } from '@chuhai/contract';
import { Drawer, Layout, Menu, type MenuProps, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../../components/layouts/theme-toggle';
import { paths } from '../../../config/paths';
import { ROLE_NAMES } from '../labels';
import { usePhoneWidth } from '../use-phone-width';
import { SECTION_GROUPS, SECTIONS, type SectionKey } from './console-sections';
import '../console-shell.css';

/** The console's name, in its bar and the browser tab. */
export const CONSOLE_NAME = '运营后台';

const menuItems = (onNavigate?: () => void): MenuProps['items'] =>
  SECTION_GROUPS.map((group) => ({
    type: 'group',
    key: group.label,
    label: group.label,
    children: group.keys.map((key) => ({
      key,
      icon: SECTIONS[key].icon,
      label: (
        <Link to={paths.admin.getHref(key)} onClick={onNavigate}>
          {SECTIONS[key].label}
        </Link>
      ),
    })),
  }));

function Who({ staff }: { staff: StaffMe }) {
  return (
    <span className="console-who">
      {staff.phone}
      <Tag color={staff.role === 'admin' ? 'red' : 'blue'}>{ROLE_NAMES[staff.role]}</Tag>
    </span>
  );
}

/**
 * 运营后台's own frame, apart from the seller site (no seller navigation, 邀请有礼 or footer): a bar
 * with the console's name, the way back to the site and the theme; the pages in a side menu, which
 * on a phone is a drawer opened from the bar. Without `staff` (signed out, 没有权限) there is no menu.
 */
export function ConsoleShell(props: { staff?: StaffMe; section?: SectionKey; children: ReactNode }) {
  const { staff, section = '' } = props;
  const phone = usePhoneWidth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const label = SECTIONS[section].label;

  useEffect(() => {
    document.title = `${label} · ${CONSOLE_NAME} · ${PRODUCT_NAME}`;
    window.scrollTo(0, 0);
  }, [label]);

  return (
    <Layout className="console">
      <Layout.Header className="console-bar">
        {staff && phone ? (
          <button
            type="button"
            className="btn btn--text btn--icon console-bar__menu-button"
            aria-label="打开后台菜单"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuOutlined />
          </button>
        ) : null}
        <Link to={paths.admin.getHref()} className="console-bar__title">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>
            {PRODUCT_NAME}
            <span className="console-bar__dot"> · </span>
            {CONSOLE_NAME}
          </span>
        </Link>
        <span className="console-bar__spacer" />
        {staff && !phone ? <Who staff={staff} /> : null}
        <Link
          to={paths.home.getHref()}
          className="btn btn--text console-bar__back"
          // Named outright: the icon would otherwise lend its own name 「home」.
          aria-label="返回卖家网站"
          title={phone ? '返回卖家网站' : undefined}
        >
          <HomeOutlined />
          {phone ? null : '返回卖家网站'}
        </Link>
        <ThemeToggle />
      </Layout.Header>
      <Layout hasSider={Boolean(staff && !phone)} className="console-body">
        {staff && !phone ? (
          <Layout.Sider width={200} theme="light" className="console-side">
            <Menu
              mode="inline"
              selectedKeys={[section]}
              items={menuItems()}
              aria-label="后台菜单"
              className="console-side__menu"
            />
          </Layout.Sider>
        ) : null}
        <Layout.Content className="console-main">{props.children}</Layout.Content>
      </Layout>
      {staff && phone ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={280}
          title={<Who staff={staff} />}
          className="console-drawer"
        >
          <Menu
            mode="inline"
            selectedKeys={[section]}
            items={menuItems(() => setDrawerOpen(false))}
            aria-label="后台菜单"
          />
        </Drawer>
      ) : null}
    </Layout>
  );
}
