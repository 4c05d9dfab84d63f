import {
  csvFile,
  type ImageMarketplaceId,
  MAIN_IMAGE_RULE_SETS,
  type MainImageReport,
} from '@chuhai/contract';
import type { JobResultsZip } from '../../jobs/routes.ts';
import { streamingZip } from '../../lib/streaming-zip.ts';
import type { BatchVerdict } from './process-image.ts';
import * as batches from './repository.ts';
import type { BatchDeps } from './service.ts';

const FOLDERS = { cutout: '抠图', background: '换背景', translated: '图片翻译' } as const;

/** report.csv: a row per image, marketplace, image (the photo as uploaded, the main image made) and rule. */
export function reportCsv(
  items: {
    name: string;
    status: string;
    reason: string;
    verdicts: BatchVerdict[];
    /**
     * 图片翻译: Chinese characters left in the translated image, blocks that overflowed, text kept
     * because it is printed on the product, the seller's 术语表 terms the translation missed, and
     * numbers it dropped that the server put back.
     */
    translation?: {
      residual: number;
      overflow: number;
      productText: string[];
      missedTerms: string[];
      restoredNumbers?: string[];
    };
  }[],
): string {
  const header = ['文件', '平台', '图片', '规则', '级别', '实测', '结果', '建议'];
  const rows: string[][] = [];
  const add = (name: string, marketplace: ImageMarketplaceId, which: string, report: MainImageReport) => {
    for (const rule of report.rules)
      rows.push([
        name,
        MAIN_IMAGE_RULE_SETS[marketplace].name,
        which,
        rule.label,
        rule.level === 'required' ? '必须' : '建议',
        rule.measured,
        rule.pass ? '通过' : '不通过',
        rule.advice,
      ]);
  };
  for (const item of items) {
    if (item.status !== 'done') {
      rows.push([item.name, '', '', '', '', '', item.status === 'failed' ? '失败' : '未处理', item.reason]);
      continue;
    }
    for (const verdict of item.verdicts) {
      add(item.name, verdict.marketplace, '原图', verdict.original);
      add(item.name, verdict.marketplace, '主图', verdict.main);
    }
    if (item.translation) {
      const { residual, overflow } = item.translation;
      rows.push([
        item.name,
        '',
        '图片翻译',
        '残留中文',
        '必须',
        `${residual} 个字`,
        residual === 0 ? '通过' : '不通过',
        residual === 0 ? '' : '在「图片翻译」里打开这张图，修改残留处后重新生成',
      ]);
      rows.push([
        item.name,
        '',
        '图片翻译',
        '译文超出原位置',
        '建议',
        `${overflow} 处`,
        overflow === 0 ? '通过' : '不通过',
        overflow === 0 ? '' : '译文太长：缩短译文或调小字号',
      ]);
      const { productText, missedTerms, restoredNumbers = [] } = item.translation;
      if (productText.length > 0)
        rows.push([
          item.name,
          '',
          '图片翻译',
          '商品上的文字已保留',
          '建议',
          `${productText.length} 处：${productText.join('、')}`,
          '保留',
          '要翻译它们：在「图片翻译」里取消「保留商品上的文字」后翻译这张图',
        ]);
      if (missedTerms.length > 0)
        rows.push([
          item.name,
          '',
          '图片翻译',
          '术语表',
          '建议',
          `${missedTerms.length} 条未按要求：${missedTerms.join('、')}`,
          '不通过',
          '在「图片翻译」里打开这张图，按术语表修改后重新生成',
        ]);
      if (restoredNumbers.length > 0)
        rows.push([
          item.name,
          '',
          '图片翻译',
          '数字和单位',
          '建议',
          `${restoredNumbers.length} 处数字已补回：${restoredNumbers.join('、')}`,
          '不通过',
          'AI 译文漏了原文的数字，已按原文补上：在「图片翻译」里打开这张图，核对位置和写法',
        ]);
    }
  }
  return csvFile(header, rows);
}

/** `shoes__red.jpg` made for Amazon → `亚马逊 Amazon/shoes__red.jpg`; two images of one name keep both. */
function entryName(folder: string, name: string, extension: string, taken: Set<string>): string {
  const stem = name.replace(/\.[^.]+$/, '');
  let candidate = `${folder}/${stem}.${extension}`;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${folder}/${stem} (${n}).${extension}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The job's results as one ZIP, made as it is read (see streamingZip): a folder per marketplace,
 * 抠图 and 换背景, and report.csv.
 */
export async function* resultsZip(
  deps: Pick<BatchDeps, 'db' | 'files' | 'log'>,
  jobId: number,
): AsyncGenerator<Uint8Array> {
  const items = await batches.jobItems(deps.db, jobId);
  const zip = streamingZip();
  const taken = new Set<string>();
  for (const item of items) {
    for (const result of item.results) {
      // The table's thumbnail is not a result.
      if (result.kind === 'thumbnail') continue;
      const file = await deps.files.get(result.key);
      if (!file) {
        deps.log.warn({ key: result.key }, 'batch result missing from the file store');
        continue;
      }
      const folder =
        result.kind === 'main'
          ? MAIN_IMAGE_RULE_SETS[result.marketplace as ImageMarketplaceId].name
          : FOLDERS[result.kind];
      zip.add(entryName(folder, item.name, result.key.split('.').pop() as string, taken), file.bytes);
      yield* zip.written();
    }
  }
  zip.addText(
    'report.csv',
    reportCsv(
      items.map((i) => {
        const translated = i.results.find((r) => r.kind === 'translated');
        return {
          name: i.name,
          status: i.status,
          reason: i.reason,
          verdicts: i.checks,
          ...(translated
            ? {
                translation: {
                  residual: translated.residual ?? 0,
                  overflow: translated.overflow ?? 0,
                  // Results stored before these were recorded have neither.
                  productText: translated.productText ?? [],
                  missedTerms: translated.missedTerms ?? [],
                  restoredNumbers: translated.restoredNumbers ?? [],
                },
              }
            : {}),
        };
      }),
    ),
  );
  yield* zip.finish();
}

/** The results ZIP behind the job's signed link (see jobs/routes.ts). */
export const RESULTS_ZIP: JobResultsZip = {
  name: 'batch',
  tables: batches.BATCH_TABLES,
  write: resultsZip,
  nothingYet: '还没有处理完成的图片',
};
