import type { Generated } from 'kysely';

/** 公告: shown between `starts_at` and `ends_at`, as a bar on every page or a card on the home page. */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  /** Markdown. */
  body: string;
  /** `bar` or `card`. */
  place: string;
  starts_at: number;
  ends_at: number;
  created_by: number;
  updated_at: number;
}

export interface AnnouncementTables {
  announcements: AnnouncementTable;
}
