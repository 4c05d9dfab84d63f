import type { BackgroundChoice, MainImageReport, PlacementSettings } from '@chuhai/contract';

/**
 * What a work keeps besides its pictures (`studio_works.document`): settings and checks, so 继续编辑
 * opens it as last left.
 */

/** A 抠图 work: the 主图尺寸 chosen, the photo's check and the latest main image's. */
export interface CutoutDocument {
  name: string;
  touchedUp: boolean;
  preset: string;
  makeMain: boolean;
  check?: MainImageReport;
  main?: { preset: string; check: MainImageReport; allParts: boolean };
}

/** A 换背景 work: the background and where the product stands on it. */
export interface ReplaceDocument {
  name: string;
  touchedUp: boolean;
  background: BackgroundChoice;
  placement: PlacementSettings;
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** Both tools' documents name the work and say whether its cut-out was brushed. */
const isNamed = (value: unknown): value is Fields =>
  isObject(value) && typeof value.name === 'string' && typeof value.touchedUp === 'boolean';

/** A 抠图 work's document as read back: its settings, the checks as stored. */
export const isCutoutDocument = (value: unknown): value is CutoutDocument =>
  isNamed(value) && typeof value.preset === 'string' && typeof value.makeMain === 'boolean';

/** A 换背景 work's document as read back: the background and the placement. */
export const isReplaceDocument = (value: unknown): value is ReplaceDocument =>
  isNamed(value) && isObject(value.background) && isObject(value.placement);
