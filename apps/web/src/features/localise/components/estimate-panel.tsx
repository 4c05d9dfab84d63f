import type { LocaliseEstimate } from '@chuhai/contract';
import { Alert, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * What the job will use, per kind, against what is left today, before anything is charged; why it
 * cannot start when it cannot.
 */
export function EstimatePanel(props: {
  estimate: LocaliseEstimate | undefined;
  loading: boolean;
  error: string | null;
  /** What is still missing before there is anything to estimate; null when complete. */
  missing: string | null;
  /** How many products and sites the estimate is for (after the seller's choice). */
  counts: { products: number; sites: number } | null;
  /** The checkboxes that choose which products and sites go; shown above the numbers. */
  choice?: React.ReactNode;
}) {
  const { estimate } = props;
  return (
    <section className="localise-estimate" aria-label="用量预估">
      {props.choice}
      {props.missing ? (
        <p className="muted">{props.missing}</p>
      ) : props.error ? (
        <Alert type="error" showIcon title={props.error} />
      ) : !estimate ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <>
          <p className="localise-estimate__head">
            {props.counts?.products ?? 1} 个商品 × {props.counts?.sites ?? estimate.sites.length} 个站点 ·{' '}
            {estimate.vip ? <Tag color="gold">VIP</Tag> : <Tag>免费账号</Tag>}
            {props.loading ? <span className="muted">更新中…</span> : null}
          </p>
          <ul className="plain-list localise-uses">
            {estimate.uses.map((use) => {
              const short = use.need > use.left;
              return (
                <li key={use.feature} className={short ? 'localise-use localise-use--short' : 'localise-use'}>
                  <span className="localise-use__name">{use.name}</span>
                  <span className="localise-use__need">
                    最多 {use.need} {use.unit}
                  </span>
                  <span className="localise-use__left">
                    今日剩余 {use.left}/{use.limit} {use.unit}
                  </span>
                  <span className="muted localise-use__what">{use.what}</span>
                </li>
              );
            })}
          </ul>
          {estimate.canStart ? (
            <p className="muted">开始后不立即扣次数：每个站点的结果做好时才扣，失败的不扣。</p>
          ) : (
            <Alert
              type="warning"
              showIcon
              title="现在不能开始"
              description={
                <>
                  {estimate.reason}
                  {props.choice ? '。可以在上面取消勾选一些商品或站点，先做今天次数够的部分' : null}
                  {estimate.vip ? null : (
                    <>
                      {' '}
                      <Link to={paths.price.getHref()}>开通 VIP</Link>
                    </>
                  )}
                </>
              }
            />
          )}
        </>
      )}
    </section>
  );
}
