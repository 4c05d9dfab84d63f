import { writeFileSync } from 'node:fs';
import { listingRulesMarkdown } from '../src/listing/rules-doc.ts';
import { mainImageRulesMarkdown } from '../src/main-image/rules-doc.ts';

/** Rewrites docs/listing-rules.md and docs/main-image-rules.md from the rule files after a rule changes. */
for (const [file, text] of [
  ['listing-rules.md', listingRulesMarkdown()],
  ['main-image-rules.md', mainImageRulesMarkdown()],
] as const) {
  const target = new URL(`../../../docs/${file}`, import.meta.url);
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
