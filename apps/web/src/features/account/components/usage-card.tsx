import type { AccountInfo } from '@chuhai/contract';
import { Card, Progress } from 'antd';
import { useSiteOffer } from '../../../entities/plans/get-offer';
import '../account.css';

/**
 * Today's uses of each metered feature against its limit; resets at 00:00 China time. A tool the
 * site has switched off is not listed: a quota for it is nothing a seller can use.
 */
export function UsageCard({ info }: { info: AccountInfo }) {
  const offer = useSiteOffer().data;
  return (
    <Card
      title="今日用量"
      extra={<span className="profile-card__hint">每天 00:00 重置</span>}
      className="profile-card"
    >
      <ul className="usage-list">
        {info.usage
          .filter((item) => offer?.features[item.feature] !== false)
          .map((item) => {
            const left = Math.max(0, item.limit - item.used);
            return (
              <li key={item.feature} className="usage-list__item">
                <div className="usage-list__row">
                  <span>{item.name}</span>
                  <span className="usage-list__count">
                    已用 {item.used} / {item.limit} 次，剩余 {left} 次
                  </span>
                </div>
                <Progress
                  percent={item.limit ? Math.round((item.used / item.limit) * 100) : 100}
                  showInfo={false}
                  status={left === 0 ? 'exception' : 'normal'}
                  aria-label={`${item.name}今日用量`}
                />
              </li>
            );
          })}
      </ul>
    </Card>
  );
}
