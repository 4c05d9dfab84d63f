/**
 * Which language library tells marketplace copy apart best (issue 50 #1, issue 55's languages
 * since): each candidate's top answer among the listing languages, on titles, single bullets (fragments such as "BPA free"
 * among them), whole listings and mixed copy (English tech terms in German), per language; then
 * 一键出海's rule (the chosen library with the script rule and 「无法判断」 on top), counted as
 * right, unsure and wrong, since a wrong 通过 is what harms a seller.
 *
 *   node bench/language-id.ts
 *
 * eld is the server's dependency. The others are measured when installed outside the project (none
 * of them is a dependency): `npm install --prefix /tmp/langid franc franc-min tinyld languagedetect
 * lande cld3-asm`, then `LANGID_CANDIDATES=/tmp/langid/node_modules node bench/language-id.ts`.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LISTING_LANGUAGES, type ListingLanguage } from '@chuhai/contract';
import { eld } from 'eld/large';
import { identifyLanguage, toldAs } from '../apps/server/src/modules/localise/language.ts';
import { COPY, listingIn, MIXED } from '../apps/server/test/fixtures/listing-languages.ts';

const LANGUAGES = Object.keys(LISTING_LANGUAGES) as ListingLanguage[];
/**
 * What a library answers for each listing language: a regional variant is its base language
 * (pt-BR is pt), as the language rule tells it. Indonesian is `id`, which ELD never answers (its
 * `ms` is trained on both): its row shows that.
 */
const DETECTED = [...new Set(LANGUAGES.map(toldAs))];
const right = (language: ListingLanguage, answer: string | null) => answer === toldAs(language);
/** The ISO 639-3 codes franc and lande answer with. */
const ISO3: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  jpn: 'ja',
  tha: 'th',
  vie: 'vi',
  ind: 'id',
  zlm: 'ms',
  zsm: 'ms',
  por: 'pt',
  nld: 'nl',
  pol: 'pl',
  swe: 'sv',
};
const NAMES: Record<string, string> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  japanese: 'ja',
  thai: 'th',
  vietnamese: 'vi',
  indonesian: 'id',
  malay: 'ms',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  swedish: 'sv',
};

type Detect = (text: string) => string | null;

const eldSix = eld.newInstance ? eld.newInstance() : eld;
eldSix.setLanguageSubset(DETECTED);

async function candidates(): Promise<[string, Detect][]> {
  const found: [string, Detect][] = [['eld (large)', (t) => eldSix.detect(t).language || null]];
  // ELD's smaller data sets: a third to a half of the memory (bench: large +400 MB, medium +180 MB).
  for (const size of ['medium', 'small'] as const) {
    const { eld: sized } = await import(`eld/${size}`);
    const six = sized.newInstance ? sized.newInstance() : sized;
    six.setLanguageSubset(DETECTED);
    found.push([`eld (${size})`, (t) => six.detect(t).language || null]);
  }
  const dir = process.env.LANGID_CANDIDATES;
  if (!dir) return found;
  const load = async (entry: string) => import(pathToFileURL(join(dir, entry)).href);
  const require = createRequire(join(dir, 'noop.js'));
  const tries: [string, () => Promise<Detect>][] = [
    [
      'franc-min',
      async () => {
        const { franc } = await load('franc-min/index.js');
        return (t) => ISO3[franc(t, { minLength: 1, only: Object.keys(ISO3) })] ?? null;
      },
    ],
    [
      'franc',
      async () => {
        const { franc } = await load('franc/index.js');
        return (t) => ISO3[franc(t, { minLength: 1, only: Object.keys(ISO3) })] ?? null;
      },
    ],
    [
      'tinyld',
      async () => {
        const { detect } = await load('tinyld/dist/tinyld.normal.node.mjs');
        return (t) => detect(t, { only: DETECTED }) || null;
      },
    ],
    [
      'languagedetect',
      async () => {
        const Detector = require('languagedetect');
        const detector = new Detector();
        return (t) => {
          const best = (detector.detect(t) as [string, number][]).find(([name]) => name in NAMES);
          return best ? (NAMES[best[0]] ?? null) : null;
        };
      },
    ],
    [
      'lande',
      async () => {
        const lande = (await load('lande/standalone/t50.js')).default;
        return (t) => {
          const best = (lande(t) as [string, number][]).find(([code]) => code in ISO3);
          return best ? (ISO3[best[0]] ?? null) : null;
        };
      },
    ],
    [
      'cld3-asm',
      async () => {
        const { loadModule } = require('cld3-asm');
        const identifier = (await loadModule()).create(0, 1000);
        // CLD3 cannot be narrowed to the listing languages: its one answer counts.
        return (t) => identifier.findLanguage(t).language ?? null;
      },
    ],
  ];
  for (const [name, make] of tries) {
    try {
      found.push([name, await make()]);
    } catch {
      console.log(`(${name} not installed under ${dir}: left out)`);
    }
  }
  return found;
}

/** Every labelled text of one kind, with its language. */
function samples(kind: string): [ListingLanguage, string][] {
  if (kind === 'mixed') return MIXED.map((m) => [m.language, m.text]);
  return LANGUAGES.flatMap((language) => {
    const copy = COPY[language];
    if (kind === 'titles') return copy.titles.map((t) => [language, t] as [ListingLanguage, string]);
    if (kind === 'bullets') return copy.bullets.map((t) => [language, t] as [ListingLanguage, string]);
    return [0, 1, 2].map((i) => {
      const l = listingIn(language, i);
      return [language, [l.title, ...l.bullets, l.description].join('\n')] as [ListingLanguage, string];
    });
  });
}

const KINDS = ['titles', 'bullets', 'listings', 'mixed'] as const;
const percent = (right: number, all: number) => `${Math.round((100 * right) / all)}%`.padStart(5);

console.log('Top answer among the listing languages: right / all, per kind and per language\n');
const libraries = await candidates();
for (const [name, detect] of libraries) {
  const cells = KINDS.map((kind) => {
    const all = samples(kind);
    const told = all.filter(([language, text]) => right(language, detect(text))).length;
    return `${kind} ${percent(told, all.length)} (${told}/${all.length})`;
  });
  const perLanguage = LANGUAGES.map((language) => {
    const all = KINDS.flatMap((kind) => samples(kind)).filter(([l]) => l === language);
    return `${language} ${percent(all.filter(([l, t]) => right(l, detect(t))).length, all.length)}`;
  });
  console.log(`${name.padEnd(15)} ${cells.join('  ')}\n${''.padEnd(15)} ${perLanguage.join('  ')}`);
}

console.log('\n一键出海 rule (eld + script rule + 无法判断): right / unsure / wrong\n');
for (const kind of KINDS) {
  const counts = { right: 0, unsure: 0, wrong: [] as string[] };
  for (const [language, text] of samples(kind)) {
    const found = identifyLanguage(text);
    if (found.language === null) counts.unsure++;
    else if (right(language, found.language)) counts.right++;
    else counts.wrong.push(`${language}→${found.language}: ${text.slice(0, 40)}`);
  }
  const all = samples(kind).length;
  console.log(
    `${kind.padEnd(9)} right ${percent(counts.right, all)}  unsure ${percent(counts.unsure, all)}  wrong ${percent(counts.wrong.length, all)}`,
  );
  for (const wrong of counts.wrong) console.log(`          wrong: ${wrong}`);
}

console.log('\n一键出海 rule per language (titles, bullets, listings): right / unsure / wrong\n');
for (const language of LANGUAGES) {
  const texts = (['titles', 'bullets', 'listings'] as const).flatMap((kind) =>
    samples(kind).filter(([l]) => l === language),
  );
  const answers = texts.map(([, text]) => identifyLanguage(text).language);
  const told = answers.filter((answer) => right(language, answer)).length;
  const unsure = answers.filter((answer) => answer === null).length;
  const wrong = texts.length - told - unsure;
  console.log(
    `${language.padEnd(6)} right ${percent(told, texts.length)}  unsure ${percent(unsure, texts.length)}  wrong ${percent(wrong, texts.length)}  (${texts.length})`,
  );
}
