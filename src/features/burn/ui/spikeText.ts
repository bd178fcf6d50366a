// The spike alert in words: how much in the last hour, how much faster than usual, and when the
// balance runs out at this pace. Pure (no vscode), so every case is checked in unit tests. Numbers
// and times go through shared/format; each sentence is one phrase with placeholders.
import { formatDateTime, formatExact, formatIn, formatRatio, pluralPhrase } from '../../../shared/format';
import { runOut, type Spike } from '../model/burnRules';

export const SHOW_USAGE = 'Show Usage';
export const MUTE_FOR_TODAY = 'Mute for Today';
export const DONT_SHOW_AGAIN = "Don't Show Again";

export interface SpikeTextContext {
  now: number;
  locale?: string;
  /** The balance as last known; undefined when there is none. */
  remaining?: number;
}

export function spikeMessage(spike: Spike, ctx: SpikeTextContext): string {
  const { locale } = ctx;
  const rate = formatRatio(spike.perHour, locale);
  const ratio = formatRatio(spike.ratio, locale);
  const first = pluralPhrase(spike.lastHour, locale, {
    one: 'Firecrawl credits are draining fast: {count} credit used in the last hour, {ratio}× the usual rate of the last 7 days ({rate} an hour).',
    other: 'Firecrawl credits are draining fast: {count} credits used in the last hour, {ratio}× the usual rate of the last 7 days ({rate} an hour).',
  }).replace('{ratio}', ratio).replace('{rate}', rate);
  const second = runOutSentence(spike, ctx);
  return second ? `${first} ${second}` : first;
}

function runOutSentence(spike: Spike, ctx: SpikeTextContext): string | undefined {
  if (ctx.remaining === undefined) return undefined;
  const outlook = runOut(ctx.remaining, spike.lastHour, ctx.now);
  switch (outlook.kind) {
    case 'at':
      return pluralPhrase(ctx.remaining, ctx.locale, {
        one: 'At this pace the remaining {count} credit runs out {in} (around {at}).',
        other: 'At this pace the remaining {count} credits run out {in} (around {at}).',
      })
        .replace('{in}', formatIn(outlook.at, ctx.now, ctx.locale))
        .replace('{at}', formatDateTime(outlook.at, ctx.locale));
    case 'over':
      return outlook.by > 0 ? `The balance is already below zero, by ${formatExact(outlook.by, ctx.locale)}.` : 'The balance is used up.';
    case 'never':
      return undefined;
  }
}
