import { LISTING_FIELD_NAMES, MARKETPLACES } from './rules.ts';
import type { ListingRule, MarketplaceRules } from './types.ts';

function limitOf(rule: ListingRule): string {
  switch (rule.kind) {
    case 'maxChars':
      return `≤ ${rule.limit} 字符`;
    case 'minChars':
      return `≥ ${rule.limit} 字符`;
    case 'maxBytes':
      return `≤ ${rule.limit} 字节（UTF-8）`;
    case 'minWords':
      return `≥ ${rule.limit} 词`;
    case 'maxItems':
      return `≤ ${rule.limit} 条`;
    case 'minItems':
      return `≥ ${rule.limit} 条`;
    case 'maxWordRepeats':
      return `每词 ≤ ${rule.limit} 次`;
    case 'forbiddenChars':
      return `禁用 ${[...rule.chars].join(' ')}`;
    case 'bannedPhrases':
      return `禁用 ${rule.phrases.length} 个短语`;
    case 'noEmoji':
      return '无表情符号';
    case 'noContact':
      return '无网址 / 邮箱 / 电话 / 聊天账号';
  }
}

/** Every web address the marketplace's rules and site notes cite, once each, in the order cited. */
function sourceLinks(marketplace: MarketplaceRules): string[] {
  const texts = [...marketplace.rules.map((r) => r.source), ...marketplace.sites.map((s) => s.note ?? '')];
  return [...new Set(texts.flatMap((text) => text.match(/https?:\/\/[^\s，；）]+/g) ?? []))];
}

/**
 * docs/listing-rules.md, made from the rule files themselves so the two cannot disagree (a contract
 * test compares them; `node packages/contract/scripts/write-listing-rules-doc.ts` rewrites it).
 */
export function listingRulesMarkdown(): string {
  const parts = [
    '# Listing 规则',
    '',
    '<!-- 由 packages/contract/src/listing/marketplaces/*.ts 生成：node packages/contract/scripts/write-listing-rules-doc.ts -->',
    '',
    'Listing 工作台按这些规则逐字段检查（服务端与页面用同一份代码）。「必须」是平台写明会导致 listing 被屏蔽、拒绝或被平台改写的要求；「建议」只影响曝光和转化，检查里显示为黄色。字符数按 Unicode 字符计（一个表情或汉字算 1），字节数按 UTF-8 计（德语 ü 算 2，日文每字 3）。禁用短语不分大小写、按整词找，词与词之间写成空格、连字符或连在一起都算（best seller 也找「Bestseller」「Best-Seller」，tik tok 也找「TikTok」）；泰文、中文、日文没有词间空格，在词中间也算。联系方式：网址和邮箱由 linkify-it 找（含各国域名，如 beispiel.de、tienda.mx；没有 http:// 或 www. 的只在域名小写、名字至少 3 个字母或后面带路径时算，「Art.Nr」「Mr.Li」这类缩写不算）；电话是带国家区号的号码（+49 170 1234567），或写在 WhatsApp、WA、微信、Line ID、Telegram、Zalo、Tel、电话、โทร 等后面、至少 7 位数字的号码（「Phone 12 13 14 15」这种型号列表不算）。',
    '',
  ];
  for (const marketplace of Object.values(MARKETPLACES)) {
    parts.push(`## ${marketplace.name}`, '');
    parts.push(`站点：${marketplace.sites.map((s) => `${s.name}（${s.id}）`).join('、')}。`, '');
    // Sites that share a note (Shopee's local sites) are named together before it, once.
    const notes = new Map<string, string[]>();
    for (const site of marketplace.sites)
      if (site.note) notes.set(site.note, [...(notes.get(site.note) ?? []), site.name]);
    for (const [note, names] of notes) parts.push(`${names.join('、')}：${note}`, '');
    parts.push('| 字段 | 级别 | 规则 | 限制 | 出处 |', '|---|---|---|---|---|');
    for (const rule of marketplace.rules) {
      const cells = [
        LISTING_FIELD_NAMES[rule.field],
        rule.level === 'required' ? '必须' : '建议',
        rule.text,
        limitOf(rule),
        rule.source,
      ];
      // A rule about the | character must not end its table cell.
      parts.push(`| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`);
    }
    parts.push('');
    const links = sourceLinks(marketplace);
    if (links.length > 0) parts.push(`出处链接：${links.map((url) => `<${url}>`).join('、')}`, '');
  }
  return parts.join('\n');
}
