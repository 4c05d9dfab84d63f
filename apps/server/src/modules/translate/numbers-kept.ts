/**
 * The numbers of one block and whether its translation kept them, without a model: every number
 * written in digits in the source (with its price sign, unit, percent sign or model-number letters)
 * must be in the translation, and a translation that dropped one can have it put back. The rules are
 * in docs/decisions.md (「图片翻译：数字和单位一个不能少」).
 */

/** One number of a source block, as the translation must keep it. */
export interface SourceNumber {
  /** As written in the source (after NFKC), e.g. 「168元」, 「¥168」, 「1.5L」, 「X-200」. */
  text: string;
  /** The values that count as the same number: 「1万」 may be written 1 or 10000. */
  values: number[];
  /** A price in yuan (「元」, 「¥」, RMB, CNY): written with a yuan sign or word beside it. */
  yuan: boolean;
  /** Another currency's sign written beside it in the source ($, €, £): kept beside it. */
  currency: string;
  /** Latin letters joined to the number's front (「X-」 of X-200, 「S」 of S925), kept there. */
  prefix: string;
  /** Latin letters (a unit: ml, L, cm, mAh; or a code: 3D, 5G, 2XL) or % after it, kept there. */
  suffix: string;
  /** How it is written when put back: no Chinese, 「¥168」 for 「168元」. */
  written: string;
  /** Where it stands in the source, 「元」 and letters included. */
  start: number;
  end: number;
}

/** Digits with decimal points or commas between them, as one token (split later). */
const DIGITS = /\d+(?:[.,]\d+)*/g;
const MULTIPLIERS: Record<string, number> = { 万: 10_000, 千: 1_000, 亿: 100_000_000 };
/** Units written apart from their number (「750 ml」); letters joined to a number always count. */
const SPACED_UNITS = new Set(
  'ml l cl dl kg g mg cm mm m km mah w kw v hz khz ghz gb tb mb inch oz lb lbs pcs pc'.split(' '),
);
/**
 * The yuan beside a number in the translation, in the languages offered. Vietnamese names it in full
 * (「168 nhân dân tệ」, or 「NDT」) and Polish as juan (「168 juanów」): a model writing so kept the
 * price, and was told it had dropped it (the block redrawn as 「¥168 nhân dân tệ」).
 */
const YUAN_BEFORE = /(?:¥|cny|rmb|元)\s*$/i;
const YUAN_AFTER = /^\s*(?:元|人民元|yuan|juan|renminbi|cny|rmb|ndt|위안|หยวน|(?:nhân\s+dân\s+)?tệ|¥)/i;

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const nfkc = (text: string) => text.normalize('NFKC');

/**
 * A source token's numbers: 「1,000」 is a thousand, 「36,37,38」 three sizes, 「1.5」 a decimal,
 * 「2024.01.15」 three numbers. Chinese copy writes no decimal comma.
 */
function splitSource(token: string, at: number): { digits: string; start: number }[] {
  const thousands = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(token);
  const pieces = thousands ? [token] : token.split(',');
  const out: { digits: string; start: number }[] = [];
  let offset = at;
  for (const piece of pieces) {
    const dots = piece.split('.');
    if (dots.length <= 2) out.push({ digits: piece, start: offset });
    else {
      let inner = offset;
      for (const run of dots) {
        out.push({ digits: run, start: inner });
        inner += run.length + 1;
      }
    }
    offset += piece.length + 1;
  }
  return out;
}

/** Every number written in digits in a source block, with what must stay beside it. */
export function numbersIn(source: string): SourceNumber[] {
  const text = nfkc(source);
  const found: SourceNumber[] = [];
  for (const match of text.matchAll(DIGITS)) {
    // The 9 after 「9块」 belongs to the price before it.
    if (match.index < (found.at(-1)?.end ?? 0)) continue;
    const pieces = splitSource(match[0], match.index);
    for (const [index, piece] of pieces.entries()) {
      const first = index === 0;
      const last = index === pieces.length - 1;
      const value = Number(piece.digits.replaceAll(',', ''));
      let end = piece.start + piece.digits.length;
      let start = piece.start;
      const values = [value];
      let multiplied = value;
      let yuan = false;
      let currency = '';
      let prefix = '';
      let suffix = '';
      if (last) {
        const multiplier = /^\s*([万千亿])/.exec(text.slice(end));
        if (multiplier) {
          multiplied = value * (MULTIPLIERS[multiplier[1] as string] as number);
          values.push(multiplied);
          end += multiplier[0].length;
        }
        const after = text.slice(end);
        // 「9块9」 is ¥9.9; 「3块」 alone may be three pieces, so only the number counts.
        const kuai = multiplier ? null : /^\s*块(\d)(?!\d)/.exec(after);
        const unit = /^(\s*)([A-Za-z]+)/.exec(after);
        if (/^\s*元/.test(after)) {
          yuan = true;
          end += (/^\s*元/.exec(after) as RegExpExecArray)[0].length;
        } else if (kuai) {
          yuan = true;
          values.splice(0, values.length, Number(`${piece.digits}.${kuai[1]}`));
          multiplied = values[0] as number;
          end += kuai[0].length;
        } else if (/^\s*%/.test(after)) {
          suffix = '%';
          end += (/^\s*%/.exec(after) as RegExpExecArray)[0].length;
        } else if (unit) {
          const [whole, space, letters] = unit as unknown as [string, string, string];
          // 「30x40」: the x is a times sign, not letters of the number.
          const times = /^x$/i.test(letters) && /^\d/.test(after.slice(whole.length));
          if (!times && (space === '' || SPACED_UNITS.has(letters.toLowerCase()))) {
            suffix = letters;
            end += whole.length;
          }
        }
      }
      if (first) {
        const before = text.slice(0, start);
        const sign = /(¥|RMB|CNY|\$|€|£)\s*$/i.exec(before);
        const letters = /(?<![A-Za-z])([A-Za-z]+-?)$/.exec(before);
        if (sign) {
          if (/^(¥|rmb|cny)$/i.test(sign[1] as string)) yuan = true;
          else currency = sign[1] as string;
          start -= sign[0].length;
        } else if (
          letters &&
          !(/^x-?$/i.test(letters[1] as string) && /\d$/.test(before.slice(0, -letters[0].length)))
        ) {
          prefix = letters[1] as string;
          start -= prefix.length;
        }
      }
      const number = multiplied === value ? piece.digits : String(multiplied);
      const written = yuan ? `¥${number}` : `${currency}${prefix}${number}${suffix}`;
      found.push({
        text: text.slice(start, end),
        values,
        yuan,
        currency,
        prefix,
        suffix,
        written,
        start,
        end,
      });
    }
  }
  return found;
}

/** A number read from a translation: its value and where it stands. */
interface WrittenNumber {
  value: number;
  start: number;
  end: number;
}

/** A translation token read with `decimal` as the decimal sign, or null when it is not written so. */
function readAs(token: string, decimal: '.' | ','): number | null {
  const parts = token.split(decimal);
  if (parts.length > 2) return null;
  const [whole, fraction] = parts as [string, string | undefined];
  const groups = whole.split(decimal === '.' ? /[, '’]/ : /[. '’]/);
  if (groups.length > 1 && ((groups[0] as string).length > 3 || groups.slice(1).some((g) => g.length !== 3)))
    return null;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  return Number(`${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`);
}

/**
 * Every number a translation may mean, leniently: 「1,5」 is 1.5 (German, French), 「1,500」 and
 * 「1.500」 either 1500 or 1.5, 「1 500」 1500 (French thousands), and each run of digits on its own.
 */
function numbersWritten(text: string): WrittenNumber[] {
  const out: WrittenNumber[] = [];
  for (const match of text.matchAll(/\d+(?:[.,]\d+|[ '’]\d{3}(?!\d))*/g)) {
    const start = match.index;
    const end = start + match[0].length;
    for (const decimal of ['.', ','] as const) {
      const value = readAs(match[0], decimal);
      if (value !== null) out.push({ value, start, end });
    }
    for (const run of match[0].matchAll(/\d+/g))
      out.push({ value: Number(run[0]), start: start + run.index, end: start + run.index + run[0].length });
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a written number lacks of what belongs beside it (the yuan sign, another currency's sign,
 * model-number letters in front; a unit, code letters or % behind); empty when it is all there.
 */
function lacking(number: SourceNumber, text: string, at: WrittenNumber): { front: string; back: string } {
  const before = text.slice(0, at.start);
  // 「1万mAh」 kept in Japanese (万) or Korean (만): the unit stands after the multiplier.
  const after = text.slice(at.end).replace(number.values.length > 1 ? /^\s*[万千亿億만천억]/ : /^$/, '');
  let front = '';
  let back = '';
  if (number.yuan && !YUAN_BEFORE.test(before) && !YUAN_AFTER.test(after)) front += '¥';
  if (number.currency) {
    const sign = escapeRegExp(number.currency);
    if (!new RegExp(`${sign}\\s*$`).test(before) && !new RegExp(`^\\s*${sign}`).test(after))
      front += number.currency;
  }
  if (number.prefix) {
    const letters = escapeRegExp(number.prefix.replace(/-$/, ''));
    if (!new RegExp(`(?<![A-Za-z])${letters}[\\s-]?$`, 'i').test(before)) front += number.prefix;
  }
  if (number.suffix === '%') {
    if (!/^\s*%/.test(after)) back = '%';
  } else if (number.suffix) {
    const letters = escapeRegExp(number.suffix);
    if (!new RegExp(`^[\\s-]?${letters}(?![A-Za-z])`, 'i').test(after)) back = number.suffix;
  }
  return { front, back };
}

/** The written numbers of the same value, those that lack least first. */
function sameValue(number: SourceNumber, text: string, written: WrittenNumber[]) {
  return written
    .filter((at) => number.values.some((v) => near(v, at.value)))
    .map((at) => ({ at, lacks: lacking(number, text, at) }))
    .sort(
      (a, b) => a.lacks.front.length + a.lacks.back.length - (b.lacks.front.length + b.lacks.back.length),
    );
}

/** The source block's numbers its translation does not keep (value, price sign, unit or letters). */
export function lostNumbers(source: string, translation: string): SourceNumber[] {
  const text = nfkc(translation);
  const written = numbersWritten(text);
  return numbersIn(source).filter((number) => {
    const best = sameValue(number, text, written)[0];
    if (best === undefined) return true;
    return best.lacks.front !== '' || best.lacks.back !== '';
  });
}

/**
 * The translation with the numbers it lost put back, and how each was written: where its value is
 * there without the price sign or unit, those are added beside it (「168 Price」 → 「¥168 Price」);
 * otherwise the number goes at the end (「Price」 → 「Price ¥168」). A block that is nothing but
 * numbers (「168元」) becomes the numbers themselves. Run after the model was asked twice.
 */
export function keepNumbers(source: string, translation: string): { text: string; added: string[] } {
  const lost = lostNumbers(source, translation);
  if (lost.length === 0) return { text: translation, added: [] };
  const all = numbersIn(source);
  let rest = nfkc(source);
  for (const number of [...all].reverse()) rest = rest.slice(0, number.start) + rest.slice(number.end);
  if (!/[\p{L}\p{N}]/u.test(rest))
    return { text: all.map((n) => n.written).join(' '), added: lost.map((n) => n.written) };
  let text = nfkc(translation);
  const tail: string[] = [];
  for (const number of lost) {
    const best = sameValue(number, text, numbersWritten(text))[0];
    if (!best) {
      tail.push(number.written);
      continue;
    }
    const { at, lacks } = best;
    text = `${text.slice(0, at.start)}${lacks.front}${text.slice(at.start, at.end)}${lacks.back}${text.slice(at.end)}`;
  }
  if (tail.length > 0) text = `${text.trimEnd()} ${tail.join(' ')}`;
  return { text, added: lost.map((n) => n.written) };
}
