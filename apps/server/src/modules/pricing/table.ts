/** A VIP plan on sale (or taken off sale); orders copy its name, days and price when made. */
export interface PlanTable {
  id: string;
  name: string;
  days: number;
  /** Fen. */
  price: number;
  original_price: number;
  badge: string;
  /** JSON array of lines. */
  benefits: string;
  /** 1 on sale, 0 hidden. */
  enabled: number;
  sort_order: number;
  updated_at: number;
}

/** Uses per China-time day of one feature for free users or VIPs. */
export interface DailyLimitTable {
  tier: string;
  feature: string;
  daily_limit: number;
  updated_at: number;
}

export interface SeededSettingTable {
  name: string;
  seeded_at: number;
}

export interface PricingTables {
  plans: PlanTable;
  daily_limits: DailyLimitTable;
  seeded_settings: SeededSettingTable;
}
