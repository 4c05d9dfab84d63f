import { ResultCode, type TranslatePsdBody } from '@chuhai/contract';
import { translationPsd } from '../../imaging/text/psd.ts';
import { AppError } from '../../lib/app-error.ts';
import { runFreeWork } from '../../work/free-work.ts';
import { loadOwnImage } from '../images/service.ts';
import { currentBackground } from './documents.ts';
import { sayingRefusals } from './picture-errors.ts';
import { checkRepair, originalFor, paintRepair } from './repair.ts';
import { checkBlocksInside, checkTarget, checkTextBudget, type TranslateDeps } from './service.ts';

export interface TranslationPsd {
  fileName: string;
  bytes: Buffer;
}

/**
 * `POST /api/v1/translate/psd` (下载 PSD): the blocks as the editor holds them, as text layers over
 * the seller's erased image as last repaired (with `repair` strokes not drawn yet painted on it),
 * with the original under it, hidden, when `sourceId` is theirs. Free and stored nowhere; the same
 * checks as 重新生成 and one at a time per seller.
 */
export async function exportTranslationPsd(
  deps: TranslateDeps,
  userId: number,
  body: TranslatePsdBody,
): Promise<TranslationPsd> {
  checkTarget(body.target);
  const background = await loadOwnImage(deps, userId, body.backgroundId, 'translate-bg');
  if (!background) throw new AppError(ResultCode.notFound, '这张翻译已过期或已删除，请重新上传翻译');
  const width = Number(background.row.width);
  const height = Number(background.row.height);
  checkBlocksInside(body.blocks, width, height);
  checkTextBudget(body.blocks, width, height);
  const strokes = body.repair ?? [];
  checkRepair(strokes, width, height);
  const current = await currentBackground(deps, userId, background);
  if (strokes.length > 0 && !current.document)
    throw new AppError(ResultCode.notFound, '这张翻译已过期或已删除，请重新上传翻译');
  const original =
    current.document && strokes.some((s) => s.mode === 'restore')
      ? await originalFor(deps, userId, current.document)
      : null;
  // An original that is gone (or not the seller's, or another size) only leaves its layer out.
  const source = body.sourceId ? await loadOwnImage(deps, userId, body.sourceId, 'translate-src') : null;
  const sameSize = source && Number(source.row.width) === width && Number(source.row.height) === height;
  const bytes = await runFreeWork(deps, { userId, kind: 'translate-psd', what: '下载 PSD' }, async () => {
    const repaired =
      strokes.length > 0 ? await paintRepair(current.bytes, strokes, original, body.blocks) : null;
    return sayingRefusals(
      translationPsd({
        background: repaired?.png ?? current.bytes,
        source: sameSize ? source.bytes : null,
        target: body.target,
        blocks: repaired?.blocks ?? body.blocks,
      }),
    );
  });
  return { fileName: `translated-${body.target}-${body.backgroundId}.psd`, bytes };
}
