import { LinkifyIt } from 'linkify-it';

/**
 * Contact details in a listing, which every marketplace forbids (buyers must be kept on the platform):
 * a web address, an e-mail, a phone number, a messenger account. A check that says 通过 over
 * 「beispiel.de」 or 「WhatsApp +49 170 1234567」 is worse than no check, so addresses are found by
 * linkify-it (markdown-it's, with the IANA country domains) rather than a list of our own.
 */
const links = new LinkifyIt({ fuzzyLink: true });

/** The generic domains: `vs.com` is an address however short its name. */
const GENERIC = new Set([
  'com',
  'net',
  'org',
  'info',
  'biz',
  'shop',
  'store',
  'online',
  'site',
  'top',
  'xyz',
  'io',
]);

/**
 * An address written without `http://` or `www.` is only taken when it looks like one: its domain
 * is lower case and its name at least 3 letters, or the domain is generic, or a path follows
 * (「wa.me/6281234567」, 「t.me/shop」). Listings are full of
 * abbreviations that end in a country's two letters: 「Art.Nr」 (Nauru), 「Mr.Li」, 「Ver.DE」.
 */
function looksLikeAddress(raw: string): boolean {
  const host = raw.split(/[/:?#]/)[0] ?? raw;
  const parts = host.split('.');
  const tld = parts.at(-1) ?? '';
  const name = parts.at(-2) ?? '';
  if (GENERIC.has(tld.toLowerCase()) || (host.length < raw.length && tld === tld.toLowerCase())) return true;
  return tld === tld.toLowerCase() && /^\p{L}[\p{L}\p{N}-]{2,}$/u.test(name);
}

function address(text: string): string | null {
  // `schema` is '' for an address found without one ("beispiel.de", "www.x.de"), 'mailto:' for an e-mail.
  const found = (links.match(text) ?? []).find(
    (match) => match.schema !== '' || /^www\./i.test(match.raw) || looksLikeAddress(match.raw),
  );
  return found?.raw ?? null;
}

/** Written with its country code: 「+49 170 1234567」, 「+86-138-0013-8000」. */
const INTERNATIONAL = /(?<![\p{L}\p{N}+])\+\s?\d[\d\s().-]{6,}\d/u;

/**
 * A messenger or a phone named, then a number: 「WhatsApp: 0812 3456 7890」, 「WA 081234567890」,
 * 「微信 13800138000」, 「โทร 081-234-5678」. A bare 「phone」 is left out: phone cases are sold under
 * it (「Phone 12 13 14 15」).
 */
const NAMED = new RegExp(
  // Names in spaced scripts start a word; in Chinese and Thai, written without spaces, anywhere.
  '(?:(?<![\\p{L}\\p{N}])(?:whats\\s?app|wa|wechat|weixin|line\\s?id|telegram|viber|zalo|kakao\\s?talk|tel|telefon|' +
    'telefono|teléfono|telefone|téléphone|hotline|sđt|điện thoại)|โทร|ไลน์|微信|电话|電話|手机|手機)' +
    '\\.?\\s*(?:no\\.?|nr\\.?|number|#)?\\s*[:：]?\\s*(\\+?\\d[\\d\\s().-]{5,}\\d)',
  'iu',
);

const digits = (run: string) => run.replace(/\D/g, '');

/** A phone number has at least 7 digits and a group of at least 3 (「12 13 14 15」 is a list of models). */
const isPhone = (run: string) => digits(run).length >= 7 && /\d{3}/.test(run);

function phone(text: string): string | null {
  const international = INTERNATIONAL.exec(text)?.[0];
  if (international && digits(international).length >= 8) return international.trim();
  const named = NAMED.exec(text);
  return named?.[1] && isPhone(named[1]) ? named[0].trim() : null;
}

/** The first contact detail written in `text`, as written, or null. */
export function findContact(text: string): string | null {
  return address(text) ?? phone(text);
}
