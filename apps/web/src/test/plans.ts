/** 月度 VIP as the seed sells it (¥29.90 for 31 days, was ¥39.00); a test adds the benefits it is about. */
export const MONTH_PLAN = {
  id: 'vip-month',
  name: '月度 VIP',
  days: 31,
  price: 2990,
  originalPrice: 3900,
  badge: '',
};
