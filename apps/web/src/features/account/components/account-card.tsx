import { CopyOutlined } from '@ant-design/icons';
import type { AccountInfo } from '@chuhai/contract';
import { App, Button, Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import '../account.css';

/** The account: masked phone, invite code, member since; change password and log out. */
export function AccountCard({ info, onLogout }: { info: AccountInfo; onLogout: () => void }) {
  const { message } = App.useApp();
  async function copyInviteCode() {
    try {
      await navigator.clipboard.writeText(info.inviteCode);
      message.success('邀请码已复制');
    } catch {
      message.info(`邀请码：${info.inviteCode}`);
    }
  }
  return (
    <Card
      title="账号"
      className="profile-card"
      actions={[
        <Link key="password" to={paths.changePwd.getHref()}>
          修改密码
        </Link>,
        <button key="logout" type="button" className="link-button" onClick={onLogout}>
          退出登录
        </button>,
      ]}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="手机号">{info.nickname}</Descriptions.Item>
        <Descriptions.Item label="邀请码">
          <span className="code-text">{info.inviteCode}</span>
          <Button
            type="link"
            size="small"
            icon={<CopyOutlined />}
            onClick={copyInviteCode}
            aria-label="复制邀请码"
          />
          <Link to={paths.invitat.getHref()}>邀请有礼</Link>
        </Descriptions.Item>
        <Descriptions.Item label="注册时间">{formatDate(info.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
