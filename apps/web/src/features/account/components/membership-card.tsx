import { CrownOutlined } from '@ant-design/icons';
import {
  type AccountInfo,
  type DailyLimits,
  FEATURE_LABELS,
  FEATURE_UNITS,
  FEATURES,
  type SiteOffer,
} from '@chuhai/contract';
import { Button, Card } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDailyLimits } from '../../../entities/plans/get-limits';
import { useSiteOffer } from '../../../entities/plans/get-offer';
import { formatDate } from '../../../lib/format';
import '../account.css';

const DAY_MS = 86_400_000;
const NO_NUMBERS = '查看 VIP 套餐和每日次数';

/**
 * Why to become VIP, only with what the site delivers now: the first tool that is on and gives VIP
 * more, in the numbers the server enforces, then the advanced model when it is on offer (else that
 * the other tools give more too).
 */
export function vipPitch(limits: DailyLimits | undefined, offer: SiteOffer | undefined): string {
  if (!limits || !offer) return NO_NUMBERS;
  const more = FEATURES.filter((f) => offer.features[f] && limits.vip[f] > limits.free[f]);
  const parts: string[] = [];
  const first = more[0];
  if (first) {
    const unit = FEATURE_UNITS[first];
    parts.push(
      `${FEATURE_LABELS[first]}每天 ${limits.vip[first]} ${unit}（现在 ${limits.free[first]} ${unit}）`,
    );
  }
  // One more clause at most: the card is narrow beside its button (five lines at 1440 with both).
  if (offer.advancedModel) parts.push('可用高级模型');
  else if (more.length > 1) parts.push('其他工具的次数也更多');
  if (parts.length === 0) return NO_NUMBERS;
  const pitch = parts.join('，');
  // 「开通 VIP 后 AI 问答…」 but 「开通 VIP 后抠图…」: a space only before a Latin word.
  return `开通 VIP 后${/^[A-Za-z]/.test(pitch) ? ' ' : ''}${pitch}`;
}

/** VIP status and expiry, with the way to renew or to become VIP. */
export function MembershipCard({ info }: { info: AccountInfo }) {
  const level = info.ConsumerLevel[0];
  const limits = useDailyLimits();
  const offer = useSiteOffer();
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
            <span>{vipPitch(limits.data, offer.data)}</span>
          </div>
          <Link to={paths.price.getHref()}>
            <Button type="primary">开通VIP</Button>
          </Link>
        </div>
      )}
    </Card>
  );
}
