import { ResultCode } from '@chuhai/contract';
import { Type } from 'typebox';
import { FormField } from '../../http/multipart.ts';
import { AppError } from '../../lib/app-error.ts';
import { readPreset } from './service.ts';

// The form fields of 智能做图's upload routes, declared once for `readForm`.

const CUTOUT_ID_MESSAGE = 'cutoutId 应为数字编号';

/** An earlier cut-out's number (surrounding spaces allowed); empty when a photo is uploaded instead. */
const optionalCutoutId = FormField((raw) => (raw.trim() ? Number(raw.trim()) : undefined), {
  pattern: '^\\s*(\\d{1,15})?\\s*$',
  errorMessage: CUTOUT_ID_MESSAGE,
});

/** An earlier cut-out's number, when there is nothing else to work on. */
const cutoutId = FormField((raw) => Number(raw.trim()), {
  pattern: '^\\s*\\d{1,15}\\s*$',
  errorMessage: CUTOUT_ID_MESSAGE,
});

/** 「这些都是商品」: `allParts` 1 or true keeps every part of the cut-out in the main image. */
function readAllParts(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new AppError(ResultCode.badRequest, 'allParts 只能是 1（这些都是商品）或 0');
}

/** 抠图 (`/api/v1/remove/remove`): a photo, or an earlier cut-out made into a main image again. */
export const CutoutForm = Type.Object({
  cutoutId: optionalCutoutId,
  preset: FormField((raw) => readPreset(raw.trim()) ?? undefined),
  allParts: FormField(readAllParts),
});

/** `main` 0 or false: 换背景's 修补 needs only the new cut-out, not a main image made from it. */
function readMakeMain(raw: string | undefined): boolean {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new AppError(ResultCode.badRequest, 'main 只能是 1（同时生成主图）或 0');
}

/** 修补 (`/api/v1/remove/mask`): the cut-out it corrects; the preset is checked by the service. */
export const TouchUpForm = Type.Object({
  cutoutId,
  preset: FormField((raw) => raw.trim()),
  main: FormField(readMakeMain),
});
