// The words around the chart for every panel state: balance header, period, loading, stale,
// rejected key, self-hosted server, offline with and without data, and no usage at all.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describePanel } from '../../../src/features/usage/render/panelText';
import type { PanelState } from '../../../src/features/usage/protocol';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const periods = [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 5 }];
const base = (over: Partial<PanelState> = {}): PanelState => ({ range: 'months', byApiKey: false, locale: 'en-US', now: NOW, loading: false, ...over });
const credits = { remainingCredits: 62_418, planCredits: 100_000, billingPeriodStart: '2026-11-08T00:00:00.000Z', billingPeriodEnd: '2026-12-08T00:00:00.000Z', fetchedAt: NOW, stale: false };

describe('panel text', () => {
  test('balance and billing period from the credits store', () => {
    const text = describePanel(base({ credits, history: { periods, fetchedAt: NOW - 5 * 60_000 } }));
    assert.equal(text.balance, '62,418 of 100,000 credits remaining');
    assert.equal(text.period, 'Billing period Nov 8, 2026 – Dec 8, 2026');
    assert.equal(text.updated, 'Usage updated 5m ago');
    assert.equal(text.status, undefined);
    assert.equal(text.showData, true);
  });

  test('overage, open-ended periods and a stale balance', () => {
    const over = describePanel(base({ credits: { ...credits, remainingCredits: -1_500, billingPeriodEnd: null, stale: true, fetchedAt: NOW - 3 * 3_600_000 } }));
    assert.equal(over.balance, 'Over plan by 1,500 credits (plan 100,000)');
    assert.equal(over.period, 'Billing period since Nov 8, 2026');
    assert.equal(over.balanceNote, 'Balance as of 3h ago; the last refresh failed.');
    assert.equal(over.balanceStale, true);
    const packs = describePanel(base({ credits: { ...credits, remainingCredits: 150_000 } }));
    assert.equal(packs.balance, '150,000 credits remaining (plan 100,000, plus packs or grants)', 'not "150,000 of 100,000"');
    assert.equal(describePanel(base({ credits: { ...credits, planCredits: 0, remainingCredits: 1 } })).balance, '1 credit remaining (plan 0, plus packs or grants)');
  });

  test('a balance a fraction below zero reads 0 left; a period ending before it starts is not said', () => {
    const text = describePanel(base({ credits: { ...credits, remainingCredits: -0.4, billingPeriodStart: '2026-12-15T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' } }));
    assert.equal(text.balance, '0 of 100,000 credits remaining');
    assert.equal(text.period, undefined);
  });

  test('a server that reports no plan: the balance alone; unreadable period dates are left out', () => {
    const alone = describePanel(base({ credits: { ...credits, planCredits: null, billingPeriodStart: null, billingPeriodEnd: null } }));
    assert.equal(alone.balance, '62,418 credits remaining');
    assert.equal(alone.period, undefined);
    const over = describePanel(base({ credits: { ...credits, planCredits: null, remainingCredits: -7 } }));
    assert.equal(over.balance, 'Over by 7 credits');
    const odd = describePanel(base({ credits: { ...credits, billingPeriodStart: 'soon', billingPeriodEnd: 'later' } }));
    assert.equal(odd.period, undefined, 'never "Invalid Date"');
  });

  test('loading first, refreshing later', () => {
    assert.deepEqual(describePanel(base({ loading: true })).status, { tone: 'info', text: 'Loading usage history…' });
    assert.deepEqual(describePanel(base({ loading: true, byApiKey: true })).status, { tone: 'info', text: 'Loading usage per API key…' });
    assert.equal(describePanel(base({ loading: true, history: { periods, fetchedAt: NOW } })).status?.text, 'Refreshing usage history…');
  });

  test('a rejected key offers to set a new one', () => {
    const text = describePanel(base({ problem: { kind: 'unauthorized', message: 'x' } }));
    assert.equal(text.status?.tone, 'error');
    assert.deepEqual(text.status?.action, { command: 'setApiKey', label: 'Set API Key' });
  });

  test('a self-hosted server: a plain sentence, no chart, a way to the setting', () => {
    const text = describePanel(
      base({
        problem: { kind: 'unsupported', message: 'Usage history is not available on this server: self-hosted Firecrawl does not track credits.' },
        history: { periods, fetchedAt: NOW },
        creditsNote: 'Credits are not available on this server.',
      }),
    );
    assert.equal(text.status?.tone, 'info');
    assert.match(text.status!.text, /not available on this server/);
    assert.equal(text.status?.action?.command, 'openSettings');
    assert.equal(text.showData, false);
    assert.equal(text.balanceNote, 'Credits are not available on this server.');
    assert.equal(text.balanceStale, undefined);
  });

  test('offline: with data it keeps the chart and says how old it is; without, it is an error', () => {
    const problem = { kind: 'unavailable' as const, message: 'Could not reach Firecrawl.' };
    const stale = describePanel(base({ problem, history: { periods, fetchedAt: NOW - 2 * 86_400_000 } }));
    assert.deepEqual(stale.status, { tone: 'warning', text: 'Could not refresh: Could not reach Firecrawl. Showing the data loaded 2d ago.' });
    assert.equal(stale.showData, true);
    const none = describePanel(base({ problem }));
    assert.equal(none.status?.tone, 'error');
    assert.equal(none.status?.action?.command, 'showLogs');
    assert.equal(none.showData, false);
  });

  test('no usage in the last 90 days', () => {
    const text = describePanel(base({ history: { periods: [], fetchedAt: NOW } }));
    assert.equal(text.empty, true);
    assert.equal(text.showData, false);
  });

  test('no usage is one rule in every range: rows that are all 0 say so, as empty bins do; a refund is not nothing', () => {
    const zero = (startDate: string, apiKey: string, endDate: string | null = null) => ({ startDate, endDate, creditsUsed: 0, apiKey });
    const keys = [zero('2026-10-01T00:00:00.000Z', 'ci', '2026-10-31T23:59:59.999Z'), zero('2026-11-01T00:00:00.000Z', 'ci'), zero('2026-11-01T00:00:00.000Z', 'dev')];
    const months = describePanel(base({ byApiKey: true, history: { periods: keys, fetchedAt: NOW } }));
    assert.equal(months.empty, true);
    assert.equal(months.showData, false);
    const bins = {
      binSize: 'day' as const,
      windowStart: '2026-11-13T12:00:00.000Z',
      windowEnd: '2026-11-20T12:00:00.000Z',
      fetchedAt: NOW,
      bins: [{ startDate: '2026-11-14T00:00:00.000Z', endDate: null, creditsUsed: 0 }],
    };
    assert.equal(describePanel(base({ range: 'last7d', bins })).empty, true);
    const refund = [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: -3 }];
    assert.equal(describePanel(base({ history: { periods: refund, fetchedAt: NOW } })).empty, false);
    assert.equal(describePanel(base({ range: 'last7d', bins: { ...bins, bins: refund } })).empty, false);
  });

  test('no key', () => {
    const text = describePanel(base({ problem: { kind: 'noKey', message: 'No API key yet.' } }));
    assert.deepEqual(text.status, { tone: 'info', text: 'No API key yet.', action: { command: 'setApiKey', label: 'Set API Key' } });
  });
});
