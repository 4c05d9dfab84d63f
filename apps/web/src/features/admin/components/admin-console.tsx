import { Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { SignedOutNotice } from '../../../components/ui/sign-in-prompt';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { useStaffMe } from '../api/get-staff-me';
import { SECTIONS, sectionOf } from './console-sections';
import { ConsoleShell } from './console-shell';
import '../admin.css';

/** 运营后台: its own lazy chunk and frame; the server checks the role on every call, this only arranges screens. */
export default function AdminConsole() {
  const token = useAuthStore((s) => s.token);
  const me = useStaffMe();
  const section = sectionOf(useParams()['*']);

  if (!token)
    return (
      <ConsoleShell>
        <SignedOutNotice title="登录后进入运营后台" />
      </ConsoleShell>
    );
  if (me.isPending)
    return (
      <ConsoleShell>
        <Skeleton active className="admin-loading" />
      </ConsoleShell>
    );
  if (me.isError)
    return (
      <ConsoleShell>
        <Result status="403" title="没有权限" subTitle="运营后台只对管理员和客服开放。" />
      </ConsoleShell>
    );

  return (
    <ConsoleShell staff={me.data} section={section}>
      {me.data.role === 'admin' && !me.data.totpBound && section !== 'security' ? (
        <Result
          status="info"
          title="请先绑定两步验证"
          subTitle="退款、调整会员、修改角色和生成兑换码都需要验证器上的动态码。"
          extra={<Link to={paths.admin.getHref('security')}>去绑定</Link>}
          className="admin-console__notice"
        />
      ) : null}
      {SECTIONS[section].render(me.data.role === 'admin')}
    </ConsoleShell>
  );
}
