/**
 * A number cell as Excel shows it under its number format, for the formats a product sheet uses:
 * zero-padded codes (`00000`), codes with literals (`"SKU"0000`, `000-0000`), fixed decimals, thousands
 * and percentages. Dates, times, fractions, exponents and conditions answer null: the caller shows
 * the number as 「常规」 does, as before.
 */

/** Excel's built-in formats that are not 「常规」 and that this reads (ids from ECMA-376 18.8.30). */
const BUILT_IN: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;(#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;(#,##0.00)',
};

/** The format code of a `numFmtId`: the workbook's own (`<numFmt>`) or a built-in; null for 常规 and the rest. */
export function formatCode(id: number, own: ReadonlyMap<number, string>): string | null {
  return own.get(id) ?? BUILT_IN[id] ?? null;
}

type Token = { literal: string } | { placeholder: '0' | '#' | '?' } | { point: true } | { comma: true };

/** A section's tokens, or null when it holds something this does not draw (a date, a fraction…). */
function tokens(section: string): { tokens: Token[]; percent: boolean } | null {
  const out: Token[] = [];
  let percent = false;
  for (let i = 0; i < section.length; i += 1) {
    const c = section[i] as string;
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      if (end < 0) return null;
      out.push({ literal: section.slice(i + 1, end) });
      i = end;
    } else if (c === '\\') {
      out.push({ literal: section[i + 1] ?? '' });
      i += 1;
    } else if (c === '_')
      i += 1; // a space as wide as the next character: nothing in text
    else if (c === '*')
      i += 1; // fill the cell with the next character: nothing in text
    else if (c === '[') {
      const end = section.indexOf(']', i);
      if (end < 0) return null;
      const inside = section.slice(i + 1, end);
      // [$¥-804] is a currency symbol; [Red] a colour; [>100], [h] are conditions and elapsed time.
      if (inside.startsWith('$')) out.push({ literal: inside.slice(1).split('-')[0] ?? '' });
      else if (!/^[A-Za-z]+\d*$/.test(inside) || /^[hms]+$/i.test(inside)) return null;
      i = end;
    } else if (c === '0' || c === '#' || c === '?') out.push({ placeholder: c });
    else if (c === '.') out.push({ point: true });
    else if (c === ',') out.push({ comma: true });
    else if (c === '%') {
      percent = true;
      out.push({ literal: '%' });
    } else if (/[A-Za-z@/]/.test(c)) {
      // Dates and times (y m d h s), exponents (E+), fractions (/), text (@), 「General」.
      return null;
    } else out.push({ literal: c });
  }
  return out.some((t) => 'placeholder' in t) ? { tokens: out, percent } : null;
}

/** The integer part's digits laid into its placeholders from the right; extra digits go in front. */
function integerText(part: Token[], digits: string): string | null {
  const grouped = part.some((t) => 'comma' in t);
  const holders = part.filter((t): t is { placeholder: '0' | '#' | '?' } => 'placeholder' in t);
  if (grouped) {
    // 「#,##0」: the run of placeholders is one number with a separator every three digits.
    const first = part.findIndex((t) => 'placeholder' in t);
    const last = part.findLastIndex((t) => 'placeholder' in t || 'comma' in t);
    if (part.slice(first, last + 1).some((t) => 'literal' in t)) return null;
    const least = holders.filter((h) => h.placeholder === '0').length;
    const padded = digits === '0' && least === 0 ? '' : digits.padStart(least, '0');
    const withCommas = padded.replace(/\B(?=(\d{3})+$)/g, ',');
    const text = (ts: Token[]) => ts.map((t) => ('literal' in t ? t.literal : '')).join('');
    return text(part.slice(0, first)) + withCommas + text(part.slice(last + 1));
  }
  let left = digits === '0' ? '' : digits;
  let out = '';
  const firstHolder = part.findIndex((t) => 'placeholder' in t);
  for (let i = part.length - 1; i >= 0; i -= 1) {
    const t = part[i] as Token;
    if ('literal' in t) out = t.literal + out;
    else if ('placeholder' in t) {
      const digit = left.slice(-1);
      left = left.slice(0, -1);
      out = (digit || (t.placeholder === '0' ? '0' : t.placeholder === '?' ? ' ' : '')) + out;
      if (i === firstHolder) {
        out = left + out;
        left = '';
      }
    }
  }
  return out;
}

/** `value` drawn with one section of a format, its sign left to the caller. */
function drawSection(value: number, section: string): string | null {
  const read = tokens(section);
  if (!read) return null;
  const point = read.tokens.findIndex((t) => 'point' in t);
  const intPart = point < 0 ? read.tokens : read.tokens.slice(0, point);
  const fracPart = point < 0 ? [] : read.tokens.slice(point + 1);
  // A comma right after the last digit divides by 1000 (「0,」); rare in a product sheet.
  const lastInt = intPart.findLastIndex((t) => 'placeholder' in t);
  if (intPart.slice(lastInt + 1).some((t) => 'comma' in t) && point < 0) return null;
  const fracHolders = fracPart.filter((t): t is { placeholder: '0' | '#' | '?' } => 'placeholder' in t);
  const most = fracHolders.length;
  const least = fracHolders.filter((h) => h.placeholder === '0').length;
  const scaled = read.percent ? value * 100 : value;
  const [whole = '0', fraction = ''] = scaled.toFixed(most).split('.');
  const integer = integerText(intPart, whole);
  if (integer === null) return null;
  if (point < 0) return integer;
  let kept = fraction;
  while (kept.length > least && kept.endsWith('0')) kept = kept.slice(0, -1);
  let digit = 0;
  const fracText = fracPart
    .map((t) => {
      if ('literal' in t) return t.literal;
      if (!('placeholder' in t)) return '';
      const d = kept[digit];
      digit += 1;
      return d ?? (t.placeholder === '?' ? ' ' : '');
    })
    .join('');
  return `${integer}.${fracText}`;
}

/** Splits a format into its sections at `;` outside quotes and brackets. */
function sections(code: string): string[] {
  const out = [''];
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i] as string;
    if (c === '\\' && !quoted) {
      out[out.length - 1] += c + (code[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (c === '[' && !quoted) bracket = true;
    else if (c === ']' && !quoted) bracket = false;
    if (c === ';' && !quoted && !bracket) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

/**
 * `value` as Excel shows it under `code` (`00000` → 00123), or null when the format is one this
 * does not draw and the cell should read as 「常规」.
 */
export function formatNumber(value: number, code: string): string | null {
  if (!Number.isFinite(value) || /general/i.test(code)) return null;
  const parts = sections(code);
  if (value < 0 && parts.length >= 2) return drawSection(-value, parts[1] as string);
  if (value === 0 && parts.length >= 3) return drawSection(0, parts[2] as string);
  const drawn = drawSection(Math.abs(value), parts[0] as string);
  return drawn === null ? null : value < 0 ? `-${drawn}` : drawn;
}
