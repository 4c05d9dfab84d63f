import type { Generated } from 'kysely';

/**
 * One 抠图 or 换背景 work as its screen last showed it, so 最近作品's 继续编辑 and a reload open it
 * again: kept as long as its pictures, removed with them (the references cascade).
 */
export interface StudioWorkTable {
  id: Generated<number>;
  user_id: number;
  tool: 'cutout' | 'replace';
  /** The latest cut-out (stored image `cutout`): after 修补, the brushed one. */
  cutout_id: number;
  /** The latest main image (抠图, null when none was made) or the 换背景 picture. */
  result_id: number | null;
  /** JSON: `CutoutDocument` or `ReplaceDocument` (work-document.ts), the settings and checks. */
  document: string;
  created_at: number;
  updated_at: number;
  keep_until: number;
}

export interface StudioTables {
  studio_works: StudioWorkTable;
}
