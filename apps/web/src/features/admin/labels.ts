/** The console's Chinese names for what the server sends as codes. */
export const ROLE_NAMES = { user: '用户', support: '客服', admin: '管理员' } as const;

/** A refund's state at the payment channel. */
export const REFUND_STATUS_NAMES: Record<string, string> = {
  pending: '处理中',
  succeeded: '已退款',
  failed: '失败',
};

/** Where a payment event came from. */
export const PAYMENT_EVENT_KIND_NAMES: Record<string, string> = {
  notify: '渠道通知',
  query: '主动查询',
  sandbox: '沙箱确认',
};

/** What a payment event did to the order. */
export const PAYMENT_OUTCOME_NAMES: Record<string, string> = {
  applied: '已入账',
  'late-applied': '超时后到账，已入账',
  duplicate: '重复通知，未重复入账',
  rejected: '已拒绝',
  closed: '已关闭',
};

/** Each operator action in 操作日志. */
export const AUDIT_ACTION_NAMES: Record<string, string> = {
  'announcement.create': '发布公告',
  'channel.create': '新增渠道',
  'channel.edit': '修改渠道',
  'channel.delete': '删除渠道',
  'channel.enable': '启用渠道',
  'channel.disable': '停用渠道',
  'channel.cooldown': '渠道冷却',
  'channel.restore': '渠道恢复',
  'channel.key-rest': '渠道密钥暂停',
  'channel.key-restore': '渠道密钥恢复',
  'announcement.edit': '修改公告',
  'announcement.delete': '删除公告',
  'library.category': '编辑提示词分类',
  'library.prompt': '编辑提示词',
  'library.delete': '删除提示词',
  'limits.edit': '修改每日额度',
  'order.refund': '退款',
  'plan.create': '新增套餐',
  'plan.edit': '修改套餐',
  'redeem.batch': '生成兑换码',
  'redeem.disable': '停用兑换码',
  'redeem.enable': '启用兑换码',
  'role.change': '修改角色',
  'totp.bind': '绑定两步验证',
  'totp.lock': '两步验证锁定',
  'totp.reset': '重置两步验证',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'vip.grant': '赠送 VIP',
  'vip.take': '收回 VIP',
};

/** A code's Chinese name, or the code itself when the console does not know it yet. */
export const labelOf = (names: Record<string, string>, code: string) => names[code] ?? code;

/** Field names in an audit entry's before/after, as an operator reads them. */
const AUDIT_FIELD_NAMES: Record<string, string> = {
  bound: '已绑定',
  rebound: '重新绑定',
  lockedSeconds: '锁定秒数',
  vipEndAt: 'VIP 到期',
  days: '天数',
  reason: '原因',
  disabled: '已停用',
  role: '角色',
  refundNo: '退款号',
  amount: '金额（分）',
  title: '标题',
  place: '位置',
  price: '价格（分）',
  name: '名称',
  enabled: '启用',
  count: '数量',
  provider: '接口类型',
  baseUrl: '接口地址',
  keyTails: '密钥尾号',
  models: '模型',
  priority: '优先级',
  weight: '权重',
  priceInput: '输入价格（元/百万）',
  priceOutput: '输出价格（元/百万）',
  priceImage: '图片价格（元）',
  untilAt: '冷却到',
};

/**
 * An audit entry's JSON before/after in words: 「已绑定：是，重新绑定：否」. Dates (ms since epoch in
 * a field ending At) in the site's format; anything that is not a JSON object as it is.
 */
export function auditValueText(json: string | null, formatDate: (at: number) => string): string {
  if (!json) return '';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return json;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => {
      const name = AUDIT_FIELD_NAMES[key] ?? key;
      const text =
        typeof item === 'boolean'
          ? item
            ? '是'
            : '否'
          : typeof item === 'number' && /At$/.test(key)
            ? formatDate(item)
            : key === 'role' && typeof item === 'string'
              ? ((ROLE_NAMES as Record<string, string>)[item] ?? item)
              : typeof item === 'object'
                ? JSON.stringify(item)
                : String(item);
      return `${name}：${text}`;
    })
    .join('，');
}
