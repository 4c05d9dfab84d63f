import type { RuleLevel } from '../listing/types.ts';
import { IMAGE_MARKETPLACE_IDS, MAIN_IMAGE_RULE_SETS } from './rules.ts';

const level = (l: RuleLevel | null | undefined) =>
  l === 'required' ? '必须' : l === 'recommended' ? '建议' : '—';

/**
 * docs/main-image-rules.md, made from `main-image/rules.ts` so the two cannot disagree (a contract
 * test compares them; `node packages/contract/scripts/write-listing-rules-doc.ts` rewrites it).
 */
export function mainImageRulesMarkdown(): string {
  const rows = IMAGE_MARKETPLACE_IDS.map((id) => {
    const set = MAIN_IMAGE_RULE_SETS[id];
    const fill = set.fill
      ? `${level(set.fill.level)} ${Math.round(set.fill.min * 100)}%–${Math.round(set.fill.max * 100)}%`
      : '—';
    return `| ${set.name} | ${level(set.white)} | ${fill} | ${level(set.minSide.level)} ≥ ${set.minSide.px} px | ${level(set.square)} | ${level(set.productOnly)} | ${set.size}×${set.size} | ${set.source} |`;
  });
  return [
    '# 主图规则',
    '',
    '<!-- 由 packages/contract/src/main-image/rules.ts 生成：node packages/contract/scripts/write-listing-rules-doc.ts -->',
    '',
    '单张抠图（`/image`）和批量处理（`/batch`）都按这张表检查主图。「必须」不满足时主图判为不合格；「建议」不满足只提示。「一键修正」按最后一列的尺寸生成纯白背景、产品占画面 85% 的正方形 JPEG，满足该平台的全部规则。纯白按每个通道 ≥ 253 计（JPEG 压缩的误差），背景中 99% 以上为纯白才算通过；产品占比按产品外框的长边与画面之比。一键修正做出的主图另有一条「清晰度」建议：产品为了达到占比被放大超过 2 倍时提示「原图分辨率低，已放大 N 倍，可能不清晰」（批量的 report.csv 里也有这一行）。',
    '',
    '「只有商品」是做出的主图上的三条规则：**没有附加文字**（用离线文字识别读主图，印在商品表面上的字可以，落在白底上、跨过商品轮廓或在圆形/异形角标上的字不行）、**没有分开的物体**（抠图里和商品分开、面积超过商品 1% 的部分：人、第二件商品、碎片；卖家确认「这些都是商品」后通过）、**商品不是半透明的**（商品有超过 15% 的面积透明度在 24–200 之间，说明抠图没抠实）。一键修正先擦掉商品上的角标文字、去掉分开的部分再做主图。',
    '',
    '| 平台 | 纯白背景 | 产品占比 | 最短边 | 1:1 | 只有商品 | 一键修正尺寸 | 出处 |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
