// The spike alert in words: how much in the last hour, how much faster than usual, and when the
// balance runs out at this pace. Pure (no vscode), so every case is checked in unit tests. Numbers
// and times go through shared/format; each sentence is one message with placeholders.
import * as l10n from '@vscode/l10n';
import { formatDateTime, formatExact, formatIn, formatRatio, pluralCount } from '../../../shared/format';
import { toolShareText } from '../../../shared/creditWords';
import { runOut, type Spike } from '../model/burnRules';

/** The alert's buttons, in the editor's language (asked for when shown: the language is set after load). */
export function spikeActions(): { showUsage: string; muteForToday: string; dontShowAgain: string } {
  return {
    showUsage: l10n.t('Show Usage'),
    muteForToday: l10n.t('Mute for Today'),
    dontShowAgain: l10n.t("Don't Show Again"),
  };
}

export interface SpikeTextContext {
  now: number;
  locale?: string;
  /** The balance as last known; undefined when there is none. */
  remaining?: number;
  /** Credits the editor's AI agents spent through Firecrawl tools in the last hour. */
  toolCredits?: number;
}

export function spikeMessage(spike: Spike, ctx: SpikeTextContext): string {
  const { locale } = ctx;
  const rate = formatRatio(spike.perHour, locale);
  const ratio = formatRatio(spike.ratio, locale);
  const first = pluralCount(
    spike.lastHour,
    locale,
    (count) => l10n.t('Firecrawl credits are draining fast: {0} credit used in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).', count, ratio, rate),
    (count) => l10n.t('Firecrawl credits are draining fast: {0} credits used in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).', count, ratio, rate),
  );
  const second = runOutSentence(spike, ctx);
  const tools = toolShareText(ctx.toolCredits, spike.lastHour, locale);
  return [first, second, tools].filter((s) => s !== undefined).join(' ');
}

function runOutSentence(spike: Spike, ctx: SpikeTextContext): string | undefined {
  if (ctx.remaining === undefined) return undefined;
  // Said as the whole number shown: -0.4 is used up, not "below zero, by 0".
  const remaining = Math.round(ctx.remaining) + 0;
  const outlook = runOut(remaining, spike.lastHour, ctx.now);
  switch (outlook.kind) {
    case 'at': {
      const within = formatIn(outlook.at, ctx.now, ctx.locale);
      const around = formatDateTime(outlook.at, ctx.locale);
      return pluralCount(
        remaining,
        ctx.locale,
        (count) => l10n.t('At this pace the remaining {0} credit runs out {1} (around {2}).', count, within, around),
        (count) => l10n.t('At this pace the remaining {0} credits run out {1} (around {2}).', count, within, around),
      );
    }
    case 'over':
      return outlook.by > 0 ? l10n.t('The balance is already below zero, by {0}.', formatExact(outlook.by, ctx.locale)) : l10n.t('The balance is used up.');
    case 'never':
      return undefined;
  }
}
