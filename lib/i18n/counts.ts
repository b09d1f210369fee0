/**
 * Counts in the catalogues' plurals without `Intl.NumberFormat` in the browser. A plural's `#`
 * formats its number with `Intl.NumberFormat`, and a page's first one sets up the browser's ICU
 * data: 25-75 ms of a desktop CPU inside hydration, four times that on a mid-range phone. The
 * catalogues a page sends to the browser (components/i18n/client-messages.tsx) have each `#`
 * replaced by `{<argument>__n}`, which `useTranslations` (./use-translations.ts) fills with the
 * same text: the number as digits below 1,000 (what `Intl.NumberFormat` writes there in every
 * language of the app), and `Intl.NumberFormat`'s own text from 1,000 on.
 */

export const COUNT_TEXT_SUFFIX = "__n";

const formats = new Map<string, Intl.NumberFormat>();

/** `new Intl.NumberFormat(locale).format(value)`, without the formatter for whole numbers below 1,000. */
export function formatCount(value: number, locale: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/** `values` with `<name>__n`, the text of each number in it, beside it. */
export function withCountTexts<V extends Record<string, unknown> | undefined>(values: V, locale: string): V {
  if (!values) return values;
  let added: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "number") (added ??= { ...values })[`${name}${COUNT_TEXT_SUFFIX}`] = formatCount(value, locale);
  }
  return (added ?? values) as V;
}

/**
 * A catalogue of precompiled messages (next-intl's compact form) with each plural's `#` replaced by
 * the argument `<plural's name>__n`. A message is a string or a list of parts; a part is a string,
 * `0` (a `#`), `[name]` (an argument), `[name, 1, branches]` (a select), `[name, 2 | 3, branches]`
 * (a plural, cardinal or ordinal), `[name, 4 | 5 | 6, style?]` (a number, date or time) or
 * `[tag, ...children]`.
 */
export function replacePounds<T>(catalogue: T): T {
  if (typeof catalogue !== "object" || catalogue === null) return catalogue;
  if (Array.isArray(catalogue)) return rewriteMessage(catalogue, undefined) as T;
  return mapValues(catalogue as Record<string, unknown>, replacePounds) as T;
}

function rewriteMessage(message: unknown, plural: string | undefined): unknown {
  return Array.isArray(message) ? message.map((part) => rewritePart(part, plural)) : rewritePart(message, plural);
}

function rewritePart(part: unknown, plural: string | undefined): unknown {
  if (part === 0) return plural === undefined ? part : [`${plural}${COUNT_TEXT_SUFFIX}`];
  if (!Array.isArray(part)) return part;
  const [name, type, branches, ...rest] = part as [string, unknown, unknown, ...unknown[]];
  if (type === undefined) return part;
  if (typeof type !== "number" || type === 0) return [name, ...part.slice(1).map((child) => rewritePart(child, plural))];
  if (type > 3 || typeof branches !== "object" || branches === null) return part;
  // A plural's branches count its own number; a select's keep the enclosing plural's.
  const inner = type === 1 ? plural : name;
  return [name, type, mapValues(branches as Record<string, unknown>, (branch) => rewriteMessage(branch, inner)), ...rest];
}

const mapValues = (object: Record<string, unknown>, fn: (value: unknown) => unknown) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));
