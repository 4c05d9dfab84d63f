import { CheckOutlined, CloseOutlined, CrownOutlined } from '@ant-design/icons';
import {
  type DailyLimits,
  FEATURE_LABELS,
  FEATURE_UNITS,
  FEATURES,
  formatDate,
  type SiteOffer,
} from '@chuhai/contract';
import { Alert, Button, Card, Skeleton, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { paths } from '../../../config/paths';
import { useAccountInfo } from '../../../entities/account/get-account-info';
import { FreeTrialTag } from '../../../entities/plans/free-trial';
import { useDailyLimits } from '../../../entities/plans/get-limits';
import { useSiteOffer } from '../../../entities/plans/get-offer';
import { type Plan, useProducts } from '../../../entities/plans/get-products';
import { formatYuan } from '../../../lib/money';
import { useAuthStore } from '../../../stores/auth-store';
import '../order.css';

/**
 * Free against VIP, from the limits the server enforces now, each in its own unit (「AI 绘画 2 张」
 * as on the home page and the plans). AI 绘画 is marked 「免费试用」 as everywhere it is offered.
 * Only what the site delivers now: a tool that is switched off has no row, and the advanced model
 * has one only once the server says it is on offer.
 */
function comparison(limits: DailyLimits | undefined, offer: SiteOffer | undefined) {
  return [
    ...FEATURES.filter((feature) => offer?.features[feature] !== false).map((feature) => ({
      key: feature,
      name: (
        <>
          {FEATURE_LABELS[feature]}（每日）
          {feature === 'draw' ? <FreeTrialTag /> : null}
        </>
      ),
      free: limits ? `${limits.free[feature]} ${FEATURE_UNITS[feature]}` : '…',
      vip: limits ? `${limits.vip[feature]} ${FEATURE_UNITS[feature]}` : '…',
    })),
    ...(offer?.advancedModel ? [{ key: 'advanced', name: '高级问答模型', free: false, vip: true }] : []),
  ];
}

function PlanCard({ plan, onBuy }: { plan: Plan; onBuy: () => void }) {
  const perDay = plan.price / plan.days / 100;
  return (
    <Card className={`plan-card${plan.badge ? ' plan-card--featured' : ''}`}>
      <div className="plan-card__head">
        <h2 className="plan-card__name">{plan.name}</h2>
        {plan.badge ? <Tag color="orange">{plan.badge}</Tag> : null}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">¥{formatYuan(plan.price)}</span>
        {plan.originalPrice > plan.price ? (
          <del className="plan-card__original">¥{formatYuan(plan.originalPrice)}</del>
        ) : null}
      </p>
      <p className="muted">
        {plan.days} 天会员 · 每天约 ¥{perDay.toFixed(2)}
      </p>
      <ul className="plan-card__benefits">
        {plan.benefits.map((benefit) => (
          <li key={benefit}>
            <CheckOutlined /> {benefit}
          </li>
        ))}
      </ul>
      <Button type="primary" block size="large" onClick={onBuy}>
        立即开通
      </Button>
    </Card>
  );
}

/** 购买 VIP: the plans on sale and the free-versus-VIP limits the server enforces; `redeem` sits below. */
export function PriceScreen({ redeem }: { redeem?: ReactNode }) {
  const products = useProducts();
  const limits = useDailyLimits();
  const offer = useSiteOffer();
  const signedIn = useAuthStore((s) => s.token !== null);
  const info = useAccountInfo({ noError: true, enabled: signedIn });
  const navigate = useNavigate();
  const vipEnd = info.data?.ConsumerLevel[0]?.levelEndAt;

  const buy = (plan: Plan) => {
    const target = paths.pay.getHref(plan.id);
    navigate(signedIn ? target : paths.login.getHref({ redirect: target }));
  };

  return (
    <PageFrame title="购买 VIP" lead="选择适合你店铺节奏的会员套餐，开通后立即生效。" wide>
      {vipEnd ? (
        <Alert
          type="success"
          showIcon
          icon={<CrownOutlined />}
          title={`你的 VIP 于 ${formatDate(vipEnd)} 到期，续费会从到期日往后顺延。`}
          className="price-status"
        />
      ) : null}
      {products.isPending ? (
        <Skeleton active />
      ) : products.isError ? (
        <Alert type="error" showIcon title="套餐加载失败，请刷新页面重试" />
      ) : (
        <div className="plan-grid">
          {products.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onBuy={() => buy(plan)} />
          ))}
        </div>
      )}
      <Card title="免费与 VIP 对比" className="price-compare">
        <Table
          rowKey="key"
          pagination={false}
          dataSource={comparison(limits.data, offer.data)}
          columns={[
            { title: '权益', dataIndex: 'name' },
            {
              title: '免费用户',
              dataIndex: 'free',
              render: (v: string | boolean) => (v === false ? <CloseOutlined aria-label="不可用" /> : v),
            },
            {
              title: 'VIP',
              dataIndex: 'vip',
              render: (v: string | boolean) =>
                v === true ? <CheckOutlined aria-label="可用" className="price-yes" /> : <strong>{v}</strong>,
            },
          ]}
        />
        <p className="muted">每日次数在北京时间 00:00 重置；失败的生成不计次数。</p>
      </Card>
      {redeem}
    </PageFrame>
  );
}
