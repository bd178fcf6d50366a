// The status bar and the spike alert speak the editor's language: words from the configured
// @vscode/l10n bundle, numbers, dates and plural forms from the locale, icons and command links
// kept outside the translated words.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import type { Spike } from '../../../src/features/burn/model/burnRules';
import { spikeActions, spikeMessage } from '../../../src/features/burn/ui/spikeText';
import type { CreditsState } from '../../../src/features/credits/model/creditsStore';
import { presentCredits, type PresentationContext } from '../../../src/features/credits/ui/statusBarText';
import { COMMANDS } from '../../../src/ids';
import { setLocale } from '../../../src/shared/format';

const NOW = Date.UTC(2026, 10, 20, 12, 15);
const ctx: PresentationContext = { now: NOW, locale: 'de', thresholds: { warningPercent: 20, criticalPercent: 5 }, errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false } };
const state: CreditsState = {
  loading: false,
  snapshot: { usage: { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z' }, fetchedAt: NOW },
};

afterEach(() => {
  l10n.config({ contents: {} });
  setLocale(undefined);
});

describe('the status bar in another language', () => {
  test('tooltip and screen-reader label in German, with German numbers and dates; links keep their commands', () => {
    l10n.config({
      contents: {
        'Firecrawl credits': 'Firecrawl-Credits',
        '**{0}** of {1} remaining': '**{0}** von {1} übrig',
        'Billing period: {0} · resets in {1} days': 'Abrechnungszeitraum: {0} · beginnt neu in {1} Tagen',
        'Refresh/tooltip link: load the balance again': 'Aktualisieren',
        'Firecrawl: {0}': 'Firecrawl: {0}',
        '{0} of {1} credits remaining': '{0} von {1} Credits übrig',
      },
    });
    setLocale('de');
    const view = presentCredits(state, ctx);
    assert.match(view.tooltip, /^\*\*Firecrawl-Credits\*\*\n\n\*\*62\.418\*\* von 100\.000 Credits übrig\n/);
    assert.match(view.tooltip, /Abrechnungszeitraum: 8\. Nov\. 2026 – 8\. Dez\. 2026 · beginnt neu in 18 Tagen/);
    assert.ok(view.tooltip.includes(`[Aktualisieren](command:${COMMANDS.refreshCredits})`), view.tooltip);
    assert.equal(view.accessibilityLabel, 'Firecrawl: 62.418 von 100.000 Credits übrig');
    assert.equal(view.text, '$(flame) 62.418');
  });

  test('the spike alert and its buttons in German; the one-credit form where the language says one', () => {
    l10n.config({
      contents: {
        'Firecrawl credits are draining fast: {0} credit used in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).':
          'Firecrawl-Credits schwinden schnell: {0} Credit in der letzten Stunde, {1}× so viel wie üblich ({2} pro Stunde).',
        'Firecrawl credits are draining fast: {0} credits used in the last hour, {1}× the usual rate of the last 7 days ({2} an hour).':
          'Firecrawl-Credits schwinden schnell: {0} Credits in der letzten Stunde, {1}× so viel wie üblich ({2} pro Stunde).',
        'Show Usage': 'Verbrauch anzeigen',
      },
    });
    setLocale('de');
    const spike: Spike = { lastHour: 1_220, perHour: 7.5, ratio: 61, threshold: 100, asOf: NOW };
    assert.equal(spikeMessage(spike, { now: NOW, locale: 'de' }), 'Firecrawl-Credits schwinden schnell: 1.220 Credits in der letzten Stunde, 61× so viel wie üblich (7,5 pro Stunde).');
    assert.match(spikeMessage({ ...spike, lastHour: 1 }, { now: NOW, locale: 'de' }), /^Firecrawl-Credits schwinden schnell: 1 Credit in/);
    assert.deepEqual(spikeActions(), { showUsage: 'Verbrauch anzeigen', muteForToday: 'Mute for Today', dontShowAgain: "Don't Show Again" });
  });
});
