import {
  chinaDateTime,
  csvText,
  findLocaliseSite,
  LISTING_CSV_HEADER,
  type ListingIssue,
  type LocaliseProduct,
  listingCsvRow,
  MARKETPLACES,
} from '@chuhai/contract';
import { Zip, ZipPassThrough } from 'fflate';
import type { LocaliseDeps } from './deps.ts';
import * as localise from './repository.ts';
import { readResult } from './task-result.ts';

const STATUS_WORDS: Record<string, string> = {
  waiting: '未开始',
  processing: '处理中',
  failed: '失败',
  paused: '已暂停',
  cancelled: '已取消',
};

/** A folder name any system takes: no slashes or characters Windows refuses, not empty, not too long. */
export function folderName(name: string): string {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim()
    .slice(0, 60);
  return clean.replace(/^\.+/, '_') || '商品';
}

/** report.csv: a row per product × site × rule (可以上架 or why not), and a row per 术语表 term missed. */
export function reportCsv(
  productName: string,
  tasks: { site: string; status: string; reason: string; result: string }[],
): string {
  const header = ['商品', '站点', '结论', '位置', '规则', '级别', '结果', '情况', '怎么办'];
  const rows: string[][] = [];
  for (const task of tasks) {
    const site = findLocaliseSite(task.site)?.name ?? task.site;
    const result = readResult(task.result);
    if (task.status !== 'done') {
      rows.push([
        productName,
        site,
        STATUS_WORDS[task.status] ?? task.status,
        '',
        '',
        '',
        '',
        task.reason,
        '',
      ]);
      continue;
    }
    const verdict = result.ready ? '可以上架' : '不能上架';
    for (const rule of result.rules)
      rows.push([
        productName,
        site,
        verdict,
        rule.place,
        rule.ruleId,
        rule.level === 'required' ? '必须' : '建议',
        rule.pass ? '通过' : '不通过',
        rule.message,
        rule.todo,
      ]);
    for (const miss of result.glossaryMisses)
      rows.push([
        productName,
        site,
        verdict,
        miss.place,
        `术语表：${miss.source}`,
        '术语',
        '未按要求',
        `应写作「${miss.expected}」`,
        '在编辑器里按术语表改正',
      ]);
  }
  return csvText(header, rows);
}

/**
 * The job's results as one ZIP, made as it is read: `商品/站点/` with listing.csv (the listing
 * export's columns), main.jpg and pictures/, and report.csv at the top. One file is read from the
 * store at a time, only once the reader took what came before.
 */
export async function* resultsZip(
  deps: Pick<LocaliseDeps, 'db' | 'files' | 'log'>,
  jobId: number,
): AsyncGenerator<Uint8Array> {
  const job = (await localise.jobById(deps.db, jobId)) as localise.LocaliseJobRow;
  const product = JSON.parse(job.product) as LocaliseProduct;
  const tasks = await localise.jobTasks(deps.db, jobId);
  let failure: Error | null = null;
  let ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const written = () => {
    if (failure) throw failure;
    const out = ready;
    ready = [];
    return out;
  };
  const add = (name: string, bytes: Uint8Array) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  const productFolder = folderName(product.facts.productName);
  for (const task of tasks) {
    const site = findLocaliseSite(task.site);
    const result = readResult(task.result);
    if (task.status !== 'done' || !site || !result.listing) continue;
    const folder = `${productFolder}/${siteFolder(task.site)}`;
    const issues: ListingIssue[] = result.rules
      .filter((r) => r.scope === 'listing' && !r.pass)
      .map((r) => ({
        ruleId: r.ruleId,
        field: 'title',
        level: r.level,
        message: `${r.place}：${r.message}`,
      }));
    const when = chinaDateTime(Number(task.updated_at)).replace('T', ' ');
    const row = listingCsvRow(
      {
        facts: product.facts,
        marketplace: site.marketplace,
        site: site.site,
        language: site.language,
        text: result.listing.text,
        issues,
      },
      { created: when, updated: when },
    );
    add(`${folder}/listing.csv`, new TextEncoder().encode(csvText(LISTING_CSV_HEADER, [row])));
    for (const file of result.files) {
      const stored = await deps.files.get(file.key);
      if (!stored) {
        deps.log.warn({ key: file.key }, 'localise result missing from the file store');
        continue;
      }
      const name =
        file.kind === 'main' ? `main.${file.extension}` : `pictures/${file.index}.${file.extension}`;
      add(`${folder}/${name}`, stored.bytes);
      yield* written();
    }
  }
  add('report.csv', new TextEncoder().encode(reportCsv(product.facts.productName, tasks)));
  zip.end();
  yield* written();
}

/** A site's folder in the ZIP: 「亚马逊 德国站」. */
export const siteFolder = (siteId: string) => {
  const site = findLocaliseSite(siteId);
  return site ? folderName(`${MARKETPLACES[site.marketplace].name} ${site.name.split(' · ')[1]}`) : siteId;
};
