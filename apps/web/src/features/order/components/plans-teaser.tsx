import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useProducts } from '../../../entities/plans/get-products';
import { formatYuan } from '../../../lib/money';

/** Three plan cards on the home page, leading to the price screen (plain markup: the home page has no antd). */
export function PlansTeaser() {
  const { data, isPending, isError } = useProducts();
  if (isPending)
    return (
      <div className="skeleton" aria-hidden="true">
        <span className="skeleton__line" />
        <span className="skeleton__line" />
        <span className="skeleton__line" />
      </div>
    );
  if (isError) return <p className="muted">套餐信息暂时加载失败，请前往购买页查看。</p>;
  return (
    <div className="plan-grid">
      {data.plans.map((plan) => (
        <div key={plan.id} className="card plan-card">
          <div className="plan-card__head">
            <h3 className="plan-card__name">{plan.name}</h3>
            {plan.badge ? <span className="tag tag--orange">{plan.badge}</span> : null}
          </div>
          <p className="plan-card__price">
            <span className="plan-card__amount">¥{formatYuan(plan.price)}</span>
            <del className="plan-card__original">¥{formatYuan(plan.originalPrice)}</del>
          </p>
          <p className="muted">{plan.days} 天会员</p>
          <Link to={paths.price.getHref()} className="btn btn--primary btn--block">
            查看详情
          </Link>
        </div>
      ))}
    </div>
  );
}
