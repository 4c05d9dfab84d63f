import { GiftOutlined } from '@ant-design/icons';
import { Button, Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useInviteHistory } from '../api/get-invite-history';
import '../invite.css';

/** 邀请有礼 in the personal centre: how many friends joined, the days earned, and the way to invite more. */
export function InviteSummaryCard() {
  const history = useInviteHistory(1);
  const summary = history.data?.summary;
  return (
    <Card
      title={
        <span>
          <GiftOutlined /> 邀请有礼
        </span>
      }
      extra={
        <Link to={paths.invitat.getHref()}>
          <Button type="link" size="small">
            邀请好友
          </Button>
        </Link>
      }
      loading={history.isPending}
    >
      <div className="invite-summary">
        <Statistic title="已邀请好友" value={summary?.invitedCount ?? 0} suffix="人" />
        <Statistic title="累计获得 VIP" value={summary?.rewardDaysTotal ?? 0} suffix="天" />
      </div>
    </Card>
  );
}
