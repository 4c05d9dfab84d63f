import { PAY_CHANNEL_NAMES } from '@chuhai/contract';
import type { OrderRow } from './repository.ts';

/** Text for HTML: the five characters that could start markup or end an attribute are escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { margin: 0; padding: 0 16px; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f4f6fb; color: #1d2433; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 14px; padding: 28px 24px; box-shadow: 0 2px 12px rgb(16 24 40 / 10%); }
  .badge { display: inline-block; background: #fff3e0; color: #d46b08; border: 1px solid #ffd591; border-radius: 6px; padding: 2px 8px; font-size: 13px; }
  h1 { font-size: 20px; margin: 12px 0 4px; }
  .amount { font-size: 36px; font-weight: 700; margin: 16px 0; }
  .muted { color: #5b6477; font-size: 13px; line-height: 1.8; }
  form { display: inline; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; font-size: 16px; padding: 12px; border-radius: 8px; border: 1px solid #d0d7e6; background: #fff; cursor: pointer; }
  button.pay { background: #1b5cff; border-color: #1b5cff; color: #fff; }
  .actions form { flex: 1; display: flex; }
  @media (prefers-color-scheme: dark) {
    body { background: #0f131c; color: #e6e9f0; }
    main { background: #1a1f2b; box-shadow: none; border: 1px solid #2a3140; }
    .badge { background: #2b1d0e; color: #ffa940; border-color: #593815; }
    .muted { color: #a3abbd; }
    button { background: #1a1f2b; color: #e6e9f0; border-color: #3a4254; }
  }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · 出海助手沙箱收银台</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The sandbox cashier: amount, plan and order, with 确认支付 (a signed notification) and 取消. */
export function cashierPage(order: OrderRow, signedFields: Record<string, string>): string {
  const orderNo = escapeHtml(order.order_no);
  const head = `<span class="badge">沙箱环境 · 不会真实扣款</span><h1>${escapeHtml(order.product_name)}</h1>
    <p class="muted">订单号 ${orderNo}<br>支付方式 ${PAY_CHANNEL_NAMES.sandbox}</p>
    <div class="amount">${yuan(Number(order.amount))}</div>`;
  if (order.status !== 'pending') {
    const state =
      order.status === 'paid'
        ? '该订单已支付，请回到出海助手查看会员状态。'
        : '该订单已关闭，请回到出海助手重新下单。';
    return page('订单状态', `${head}<p>${state}</p>`);
  }
  const hidden = Object.entries(signedFields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    '确认支付',
    `${head}<p class="muted">这是用于开发和演示的沙箱收银台：点「确认支付」会像真实支付一样通知出海助手，会员立即生效。</p>
    <div class="actions">
      <form method="post" action="/pay/sandbox/${orderNo}/cancel">${hidden}<button type="submit">取消</button></form>
      <form method="post" action="/pay/sandbox/${orderNo}/confirm">${hidden}<button type="submit" class="pay">确认支付</button></form>
    </div>`,
  );
}

/** What the payer sees after pressing a button. */
export function resultPage(ok: boolean, message: string): string {
  return page(
    ok ? '支付成功' : '未完成支付',
    `<span class="badge">沙箱环境</span><h1>${ok ? '支付成功' : '未完成支付'}</h1><p>${escapeHtml(message)}</p><p class="muted">可以关闭此页面，回到出海助手。</p>`,
  );
}

export function notFoundPage(): string {
  return page('订单不存在', '<h1>订单不存在</h1><p class="muted">请回到出海助手重新下单。</p>');
}
