// Numbers, dates, durations and relative times as people read them, in the given locale or, when
// none is given, the one the editor runs in (set at activation). Pure: the host, stores, tree rows
// and the webview page all use it. Its few words ("just now") go through @vscode/l10n like the rest.
import * as l10n from '@vscode/l10n';

let defaultLocale: string | undefined;

/** The editor's display language (`vscode.env.language`), used wherever no locale is passed. */
export function setLocale(locale: string | undefined): void {
  defaultLocale = locale;
  relativeFormats.clear();
  unitFormats.clear();
  exactFormats.clear();
  percentFormats.clear();
  percentFormatsNearEnd.clear();
  dateTimeFormats.clear();
  lastDateTime = undefined;
  pluralRules = undefined;
}

export function currentLocale(): string | undefined {
  return defaultLocale;
}

let pluralRules: Intl.PluralRules | undefined;

/**
 * The message for `n` by the language's plural rules: `one` where it says one thing (1 in English,
 * 0 and 1 in French), `other` elsewhere. Both are finished messages (`l10n.t('{0} URL', …)`), so
 * each language translates both forms; languages with more forms use `other` for them.
 */
export function plural(n: number, one: string, other: string): string {
  pluralRules ??= new Intl.PluralRules(defaultLocale);
  return pluralRules.select(n) === 'one' ? one : other;
}

/** `12,345` below 100,000; `1.2M` / `250K` above, in the given locale. */
export function formatCredits(value: number, locale: string | undefined = defaultLocale): string {
  const rounded = wholeNumber(value);
  if (Math.abs(rounded) < 100_000) return rounded.toLocaleString(locale);
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(rounded);
}

// Building an Intl formatter costs about a millisecond; formatting with one, microseconds. Tool results
// and tooltips format several numbers and a date each time: one formatter per locale is kept.
const exactFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** The last moment formatted by `formatDateTime`: a minute is said once. */
let lastDateTime: { minute: number; locale: string | undefined; text: string } | undefined;
/** Whole percents, and one decimal near the ends (a chart's tooltips and table format hundreds). */
const percentFormats = new Map<string, Intl.NumberFormat>();
const percentFormatsNearEnd = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string | undefined, make: () => T): T {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) cache.set(key, (format = make()));
  return format;
}

export function formatExact(value: number, locale: string | undefined = defaultLocale): string {
  return cached(exactFormats, locale, () => new Intl.NumberFormat(locale)).format(wholeNumber(value));
}

/** `value` rounded, with no "-0": a balance of -0.4 reads 0, as its words do. */
function wholeNumber(value: number): number {
  return Math.round(value) + 0;
}

/** A share: one decimal near the ends, and never "100%" while something is left (nor "0%" for anything used). */
export function formatPercent(fraction: number, locale: string | undefined = defaultLocale): string {
  const nearEnd = (fraction > 0 && fraction < 0.1) || (fraction > 0.99 && fraction < 1);
  const shown = fraction > 0 && fraction < 0.001 ? 0.001 : fraction > 0.999 && fraction < 1 ? 0.999 : fraction;
  return cached(nearEnd ? percentFormatsNearEnd : percentFormats, locale, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: nearEnd ? 1 : 0 })).format(shown);
}

/** A date the service states (a billing period's end, a month): the UTC day it names. */
export function formatDate(iso: string | number, locale: string | undefined = defaultLocale): string {
  return new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A moment worked out here (when credits run out): the person's own day. */
export function formatLocalDate(ms: number, locale: string | undefined = defaultLocale): string {
  return new Date(ms).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

const relativeFormats: Map<string, Intl.RelativeTimeFormat> = new Map();
/** Building a formatter costs far more than using one: tree rows format thousands of times. */
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style: 'narrow', numeric: 'always' });
    relativeFormats.set(key, format);
  }
  return format;
}

/** "just now", "12s ago", "5m ago", "3h ago" (up to 48 hours), "2d ago"; a future moment is "just now". */
export function formatAgo(at: number, now: number, locale: string | undefined = defaultLocale): string {
  const seconds = Math.floor((now - at) / 1000);
  if (!(seconds >= 5)) return l10n.t('just now');
  const relative = relativeFormat(locale);
  if (seconds < 60) return relative.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.floor(hours / 24), 'day');
}

const unitFormats: Map<string, Intl.NumberFormat> = new Map();
function unit(value: number, name: 'second' | 'minute' | 'hour' | 'day', locale: string | undefined): string {
  const key = `${locale ?? ''}/${name}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' });
    unitFormats.set(key, format);
  }
  return format.format(value);
}

/** `45s`, `4m 12s`, `2h 5m`, `3d 4h` in English; each language's own short units elsewhere. */
export function formatDuration(ms: number, locale: string | undefined = defaultLocale): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return unit(s, 'second', locale);
  const m = Math.floor(s / 60);
  if (m < 60) return `${unit(m, 'minute', locale)} ${unit(s % 60, 'second', locale)}`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${unit(h, 'hour', locale)} ${unit(m % 60, 'minute', locale)}`;
  return `${unit(Math.floor(h / 24), 'day', locale)} ${unit(h % 24, 'hour', locale)}`;
}

/** A span stated in seconds (a feedback window) in its largest whole unit: `2 minutes`, `1 day`, `90 seconds`. */
export function formatSpan(seconds: number, locale: string | undefined = defaultLocale): string {
  const whole = (
    [
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ] as const
  ).find(([, size]) => seconds >= size && seconds % size === 0);
  const [name, size] = whole ?? (['second', 1] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(seconds / size);
}

/** An ISO time from the service as epoch ms, or undefined when absent or unreadable. */
export function parseTime(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

/** `2026-11-23 16:40:05 UTC`: exact, for tooltips. */
export function formatTimestamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

const DAY_MS = 86_400_000;

/**
 * Calendar days from one moment's UTC date to another's: the count beside a date `formatDate` prints.
 * Counted in whole spans, a period ending at 14:00 read at noon would be one day past the date shown.
 */
export function utcDaysBetween(fromMs: number, toMs: number): number {
  return Math.max(0, Math.floor(toMs / DAY_MS) - Math.floor(fromMs / DAY_MS));
}

/**
 * A count as a whole phrase in the plural form the language wants: `one` and `other` get the rounded
 * count as the locale writes it, e.g. `pluralCount(n, locale, (c) => l10n.t('{0} credit', c), (c) => l10n.t('{0} credits', c))`.
 */
export function pluralCount(n: number, locale: string | undefined, one: (count: string) => string, other: (count: string) => string): string {
  const rounded = Math.round(n);
  const count = formatExact(rounded, locale);
  return plural(rounded, one(count), other(count));
}

/** "in 45 minutes", "in 3 hours", "in 2 days": how far ahead a moment is, in words of the locale. */
export function formatIn(at: number, now: number, locale: string | undefined = defaultLocale): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const minutes = Math.max(1, Math.round((at - now) / 60_000));
  if (minutes < 90) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/** The local date and time of a moment: "Nov 20, 3:42 PM". */
export function formatDateTime(ms: number, locale: string | undefined = defaultLocale): string {
  // Every agent tool result is dated, and formatting takes tens of microseconds: each minute is formatted once.
  const minute = Math.floor(ms / 60_000);
  if (lastDateTime?.minute === minute && lastDateTime.locale === locale) return lastDateTime.text;
  const text = cached(dateTimeFormats, locale, () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(ms);
  lastDateTime = { minute, locale, text };
  return text;
}

/** A ratio or rate people compare at a glance: "24", "6.5", "1,200", "0.042"; "∞" for a ratio to nothing. */
export function formatRatio(ratio: number, locale: string | undefined = defaultLocale): string {
  if (!Number.isFinite(ratio)) return '∞';
  // A small rate keeps two figures: a team's usual 0.04 credits an hour is not "0".
  if (ratio > 0 && ratio < 0.1) return new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 }).format(ratio);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: ratio < 10 ? 1 : 0 }).format(ratio);
}

/**
 * A size in megabytes with one decimal: "4.2", "0.5" (the unit is the message's). Rounded up: a file a
 * few bytes over a 50 MB limit reads "50.1", never "50.0" beside "at most 50". (Less a hair first: 4.2 MB
 * in bytes, divided back and times ten, can come out a trace above 42.)
 */
export function formatMegabytes(bytes: number, locale: string | undefined = defaultLocale): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.max(0, Math.ceil((bytes / 1024 / 1024) * 10 - 1e-9)) / 10);
}
