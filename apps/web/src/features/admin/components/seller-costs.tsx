import { SELLER_COST_TOP, type SellerCost, type SellerCostPeriod } from '@chuhai/contract';
import { Empty, Segmented, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useSellerCosts } from '../api/get-seller-costs';
import { usePhoneWidth } from '../use-phone-width';
import { formatCost } from './cost-format';

const count = (n: number) => n.toLocaleString('zh-CN');

const HOW_TO_READ = `按成本从高到低，最多列 ${SELLER_COST_TOP} 位；收入是这段时间里该卖家支付的订单减去退款；点一位卖家看他的每次调用。`;

/** A loss shows red: a seller who costs more than they paid. With `yuan`, written -¥0.08. */
const Margin = ({ value, yuan = false }: { value: number; yuan?: boolean }) => (
  <span className={value < 0 ? 'admin-cost__loss' : undefined}>
    {yuan ? `${value < 0 ? '-' : ''}¥${formatCost(Math.abs(value))}` : formatCost(value)}
  </span>
);

/**
 * 成本 · 卖家排行: who the AI costs most for over the period, against what they paid us in it. 本月
 * matches the user drawer's 本月 AI 成本. Choosing a seller opens their calls in 调用明细.
 */
export function SellerCosts(props: { onSeller: (seller: SellerCost) => void }) {
  const [period, setPeriod] = useState<SellerCostPeriod>('7');
  const report = useSellerCosts(period);
  const phoneWidth = usePhoneWidth();
  const data = report.data;
  return (
    <div>
      <div className="admin-section__tools admin-cost-sellers__tools">
        <Segmented
          value={period}
          onChange={(value) => setPeriod(value as SellerCostPeriod)}
          options={[
            { value: '7', label: '近 7 天' },
            { value: '30', label: '近 30 天' },
            { value: 'month', label: '本月' },
          ]}
        />
      </div>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <p className="muted admin-cost-sellers__summary">
            {data.from} 起，{data.totals.sellers} 位卖家共调用 {count(data.totals.calls)} 次、
            {count(data.totals.tokens)} tokens，AI 成本 ¥{formatCost(data.totals.cost)}
            {data.unattributed.calls > 0
              ? `；另有 ${data.unattributed.calls} 次调用（渠道测试、已注销账号）¥${formatCost(data.unattributed.cost)}`
              : ''}
            。{HOW_TO_READ}
          </p>
          {phoneWidth ? (
            <SellerCards sellers={data.sellers} onSeller={props.onSeller} />
          ) : (
            <Table<SellerCost>
              rowKey="userId"
              size="small"
              loading={report.isFetching}
              pagination={false}
              dataSource={data.sellers}
              locale={{ emptyText: '这段时间没有卖家的 AI 调用' }}
              onRow={(seller) => ({ onClick: () => props.onSeller(seller) })}
              rowClassName="admin-row"
              columns={[
                { title: '排名', key: 'rank', width: 60, render: (_: unknown, __, i) => i + 1 },
                { title: '卖家', dataIndex: 'seller' },
                { title: '调用次数', dataIndex: 'calls', render: count },
                { title: 'tokens', dataIndex: 'tokens', render: count },
                { title: '图片', dataIndex: 'images', render: count },
                { title: 'AI 成本（元）', dataIndex: 'cost', render: formatCost },
                { title: '收入（元）', dataIndex: 'revenue', render: (v: number) => v.toFixed(2) },
                { title: '毛利（元）', dataIndex: 'margin', render: (v: number) => <Margin value={v} /> },
              ]}
            />
          )}
        </>
      )}
    </div>
  );
}

/** On a phone: rank, seller and cost on the first line; calls, tokens, revenue and margin under them. */
function SellerCards(props: { sellers: SellerCost[]; onSeller: (seller: SellerCost) => void }) {
  if (props.sellers.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这段时间没有卖家的 AI 调用" />;
  return (
    <ul className="admin-channel-list">
      {props.sellers.map((seller, i) => (
        <li key={seller.userId} className="admin-channel-item" aria-label={`卖家${seller.seller}`}>
          <div className="admin-channel-item__head">
            <button
              type="button"
              className="link-button"
              onClick={() => props.onSeller(seller)}
              title="看这位卖家的调用"
            >
              <strong>
                {i + 1}. {seller.seller}
              </strong>
            </button>
            <div>AI 成本 ¥{formatCost(seller.cost)}</div>
          </div>
          <div className="admin-channel-item__figures">
            <span>调用 {count(seller.calls)} 次</span>
            <span>{count(seller.tokens)} tokens</span>
            {seller.images ? <span>图片 {count(seller.images)} 张</span> : null}
            <span>收入 ¥{seller.revenue.toFixed(2)}</span>
            <span>
              毛利 <Margin value={seller.margin} yuan />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
