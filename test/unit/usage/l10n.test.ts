// The usage panel speaks the editor's language: its words come from the configured @vscode/l10n
// bundle (the one the host hands the page) and its numbers and dates from the locale. Checked with
// a small German bundle, so the wiring is shown working rather than assumed; and the language's
// trip from host to page (bounded, escaped, validated) is checked on both ends.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import type { UsagePeriod } from '../../../src/api';
import { setLocale } from '../../../src/shared/format';
import { describeMonth } from '../../../src/features/usage/render/barText';
import { renderChart } from '../../../src/features/usage/render/chart';
import { findAll, textOf, type VNode } from '../../../src/features/usage/render/elements';
import { describePanel, loadingText } from '../../../src/features/usage/render/panelText';
import { shapeHistory } from '../../../src/features/usage/render/shape';
import { renderTable } from '../../../src/features/usage/render/table';
import { boundLanguage, isPageLanguage, languageJson, MAX_MESSAGES, type PanelState, readPageLanguage } from '../../../src/features/usage/protocol';

// Keys are the English messages (with their translator comment where they have one), as in l10n/bundle.l10n.de.json.
const GERMAN = {
  'Credits used per month, {0} months, oldest to newest.': 'Verbrauchte Credits pro Monat, {0} Monate, vom ältesten zum neuesten.',
  'Arrow keys move between bars.': 'Pfeiltasten wechseln zwischen Balken.',
  'Plan: {0} per billing period': 'Tarif: {0} pro Abrechnungszeitraum',
  'Plan {0}': 'Tarif {0}',
  '{0} credits': '{0} Credits',
  '{0}: {1} used. {2}.': '{0}: {1} verbraucht. {2}.',
  '(in progress)': '(läuft)',
  'Used/tooltip row: the credits one bar of the chart used': 'Verbraucht',
  'Month/table column header': 'Monat',
  'All months': 'Alle Monate',
  'Credits used': 'Verbrauchte Credits',
  '{0} of {1} credits remaining': '{0} von {1} Credits übrig',
  'Billing period {0} – {1}': 'Abrechnungszeitraum {0} – {1}',
  'Loading usage history…': 'Nutzungsverlauf wird geladen…',
};

const periods: UsagePeriod[] = [
  { startDate: '2026-09-01T00:00:00.000Z', endDate: '2026-09-30T23:59:59.999Z', creditsUsed: 8_000 },
  { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 9_000 },
  { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 4_321 },
];
const byClass = (tree: VNode, cls: string) => findAll(tree, (n) => (n.attrs.class ?? '').split(' ').includes(cls));

function speakGerman(): void {
  l10n.config({ contents: GERMAN });
  setLocale('de');
}

afterEach(() => {
  // English again for whatever runs next in this process.
  l10n.config({ contents: {} });
  setLocale(undefined);
});

describe('the usage panel in another language', () => {
  test('the chart: its label, plan line, month names and numbers are German', () => {
    speakGerman();
    const model = shapeHistory(periods, false, { planCredits: 12_000, locale: 'de' });
    const chart = renderChart(model, { width: 640, height: 320, locale: 'de' });
    const svg = findAll(chart, (n) => n.tag === 'svg')[0]!;
    assert.equal(svg.attrs['aria-label'], 'Verbrauchte Credits pro Monat, 3 Monate, vom ältesten zum neuesten. Pfeiltasten wechseln zwischen Balken.');
    assert.equal(byClass(chart, 'plan')[0]!.attrs['aria-label'], 'Tarif: 12.000 pro Abrechnungszeitraum');
    assert.equal(textOf(byClass(chart, 'plan-label')[0]!), 'Tarif 12.000');
    assert.equal(textOf(byClass(chart, 'progress-label')[0]!), '(läuft)');
    // The tooltip and the bar's label: German words, German digit grouping, German month name.
    const november = describeMonth(model, 2, 'de');
    assert.deepEqual(november.lines, [{ label: 'Verbraucht', value: '4.321 Credits' }]);
    assert.equal(november.aria, 'November 2026 (läuft): 4.321 Credits verbraucht. Tarif: 12.000 pro Abrechnungszeitraum.');
  });

  test('the table: headers, row labels and totals', () => {
    speakGerman();
    const table = renderTable(shapeHistory(periods, false, { locale: 'de' }), 'de');
    assert.deepEqual(findAll(table, (n) => n.tag === 'th' && n.attrs.scope === 'col').map(textOf), ['Monat', 'Verbrauchte Credits']);
    const rows = findAll(findAll(table, (n) => n.tag === 'tbody')[0]!, (n) => n.tag === 'tr').map((r) => r.children.map(textOf));
    assert.deepEqual(rows[0], ['September 2026', '8.000']);
    assert.equal(textOf(findAll(table, (n) => n.tag === 'tfoot')[0]!), 'Alle Monate21.321');
  });

  test('the words around the chart: balance, billing period, loading', () => {
    speakGerman();
    const NOW = Date.parse('2026-11-20T12:00:00.000Z');
    const state: PanelState = {
      range: 'months',
      byApiKey: false,
      locale: 'de',
      now: NOW,
      loading: true,
      credits: { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z', fetchedAt: NOW, stale: false },
    };
    const text = describePanel(state);
    assert.equal(text.balance, '62.418 von 100.000 Credits übrig');
    assert.equal(text.period, 'Abrechnungszeitraum 8. Nov. 2026 – 8. Dez. 2026');
    assert.equal(text.status?.text, 'Nutzungsverlauf wird geladen…');
    assert.equal(loadingText('months', false), 'Nutzungsverlauf wird geladen…');
  });

  test('a message the bundle lacks stays English, and the reset brings English back', () => {
    speakGerman();
    assert.equal(loadingText('last7d', false), 'Loading the last 7 days…');
    l10n.config({ contents: {} });
    assert.equal(loadingText('months', false), 'Loading usage history…');
  });
});

describe('the language from host to page', () => {
  test('English: a locale and no messages', () => {
    const language = boundLanguage('en', undefined);
    assert.deepEqual(language, { locale: 'en' });
    assert.deepEqual(readPageLanguage(languageJson(language)), { language });
    assert.deepEqual(readPageLanguage(null), {}, 'no language in the page: English, nothing to complain about');
  });

  test('a translation survives the trip, and no text in it can close the script element or start markup', () => {
    const hostile = { 'Refresh/button: load the usage again': '</script><img src=x onerror=alert(1)>&amp;\u2028', ...GERMAN };
    const language = boundLanguage('de', hostile);
    const json = languageJson(language);
    assert.ok(!/[<>&\u2028\u2029]/.test(json), json);
    assert.deepEqual(readPageLanguage(json), { language: { locale: 'de', messages: hostile } });
  });

  test('the host hands over only what the page accepts: no non-text, nothing over-long, at most MAX_MESSAGES', () => {
    const many: Record<string, unknown> = { odd: 42, long: 'x'.repeat(5_000) };
    for (let i = 0; i < MAX_MESSAGES + 10; i++) many[`message ${i}`] = `Nachricht ${i}`;
    const language = boundLanguage('de', many);
    assert.equal(Object.keys(language.messages!).length, MAX_MESSAGES);
    assert.equal(language.messages!.odd, undefined);
    assert.equal(language.messages!.long, undefined);
    assert.equal(isPageLanguage(language), true);
  });

  test('the page refuses a language it cannot use, says why, and speaks English', () => {
    assert.match(readPageLanguage('{').problem!, /JSON/);
    assert.equal(readPageLanguage(JSON.stringify({ messages: {} })).problem, 'locale');
    assert.equal(readPageLanguage(JSON.stringify({ locale: 'de', messages: { a: 1 } })).language, undefined);
    assert.match(readPageLanguage(JSON.stringify({ locale: 'de', messages: Object.fromEntries(Array.from({ length: MAX_MESSAGES + 1 }, (_, i) => [`m${i}`, 'x'])) })).problem!, /more than/);
  });
});
