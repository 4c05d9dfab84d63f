import { CrownOutlined } from '@ant-design/icons';
import type { AccountInfo } from '@chuhai/contract';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import '../account.css';

const DAY_MS = 86_400_000;

/** VIP status and expiry, with the way to renew or to become VIP. */
export function MembershipCard({ info }: { info: AccountInfo }) {
  const level = info.ConsumerLevel[0];
  const daysLeft = level ? Math.max(1, Math.ceil((level.levelEndAt - Date.now()) / DAY_MS)) : 0;
  return (
    <Card title="会员" className="profile-card">
      {level ? (
        <div className="membership membership--vip">
          <CrownOutlined className="membership__icon" />
          <div className="membership__text">
            <strong>VIP 会员</strong>
            <span>
              VIP于{formatDate(level.levelEndAt)}到期，还剩 {daysLeft} 天
            </span>
          </div>
          <Link to={paths.price.getHref()}>
            <Button>续费</Button>
          </Link>
        </div>
      ) : (
        <div className="membership">
          <CrownOutlined className="membership__icon" />
          <div className="membership__text">
            <strong>普通用户</strong>
            <span>开通 VIP 后可用高级模型，每天的使用次数也大幅提高</span>
          </div>
          <Link to={paths.price.getHref()}>
            <Button type="primary">开通VIP</Button>
          </Link>
        </div>
      )}
    </Card>
  );
}
