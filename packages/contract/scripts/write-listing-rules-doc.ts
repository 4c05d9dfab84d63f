import { writeFileSync } from 'node:fs';
import { listingRulesMarkdown } from '../src/listing/rules-doc.ts';

/** Rewrites docs/listing-rules.md from the rule files after a rule changes. */
const target = new URL('../../../docs/listing-rules.md', import.meta.url);
writeFileSync(target, listingRulesMarkdown());
console.log(`wrote ${target.pathname}`);
