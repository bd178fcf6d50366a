// The panel ⇄ page protocol guards: well-formed messages pass, anything else is rejected.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boundPeriods,
  isHostMessage,
  isPageMessage,
  noticeMessage,
  isPanelState,
  MAX_PERIODS,
  panelStateProblem,
  type PanelState,
  readSavedState,
  withRestored,
} from '../../../src/features/usage/protocol';

const state: PanelState = {
  range: 'months',
  byApiKey: true,
  locale: 'en',
  now: 1,
  loading: false,
  history: { fetchedAt: 1, periods: [{ startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 3, apiKey: '<img src=x onerror=alert(1)>' }] },
  problem: { kind: 'unavailable', message: 'offline' },
  credits: { remainingCredits: -5, planCredits: 10, billingPeriodStart: null, billingPeriodEnd: '2026-12-01', fetchedAt: 1, stale: true },
};

describe('page → host messages', () => {
  test('accepts each known message', () => {
    for (const m of [
      { type: 'ready', byApiKey: false },
      { type: 'ready' },
      { type: 'refresh' },
      { type: 'copyCsv' },
      { type: 'saveCsv' },
      { type: 'setBreakdown', byApiKey: true },
      { type: 'run', command: 'setApiKey' },
      { type: 'run', command: 'openSettings' },
    ]) {
      assert.equal(isPageMessage(m), true, JSON.stringify(m));
    }
  });

  test('rejects malformed messages', () => {
    for (const m of [
      null,
      undefined,
      'ready',
      42,
      [],
      {},
      { type: 'nope' },
      { type: 'setBreakdown' },
      { type: 'ready', byApiKey: 'yes' },
      { type: 'setBreakdown', byApiKey: 'true' },
      { type: 'run', command: 'workbench.action.terminal.new' },
      { type: 'run', command: 'firecrawl.setApiKey' },
      { type: 'run' },
      { type: ['ready'] },
    ]) {
      assert.equal(isPageMessage(m), false, JSON.stringify(m));
    }
  });
});

describe('host → page messages', () => {
  test('accepts a full state and notices', () => {
    assert.equal(isHostMessage({ type: 'state', state }), true);
    assert.equal(isHostMessage({ type: 'state', state: { range: 'last24h', byApiKey: false, locale: 'en', now: 0, loading: true } }), true);
    assert.equal(isHostMessage({ type: 'state', state: { byApiKey: false, locale: 'en', now: 0, loading: true } }), false, 'a state says its range');
    assert.equal(isHostMessage({ type: 'range', range: 'last7d' }), true);
    assert.equal(isHostMessage({ type: 'range', range: 'year' }), false);
    assert.equal(isHostMessage({ type: 'notice', level: 'info', text: 'Copied' }), true);
  });

  test('a notice as long as a failed save naming a deep path twice is cut, not refused (and lost)', () => {
    const path = `/home/someone/${'deep-folder/'.repeat(20)}usage.csv`;
    const notice = noticeMessage('error', `Could not save usage.csv: Unable to write file '${path}' (NoPermissions (FileSystemError): Error: EACCES: permission denied, open '${path}')`);
    assert.equal(isHostMessage({ type: 'notice', level: 'error', text: `Could not save usage.csv: '${path}' '${path}'` }), false, 'the page refuses it whole');
    assert.equal(isHostMessage(notice), true);
    assert.match(notice.type === 'notice' ? notice.text : '', /^Could not save usage\.csv: Unable to write file .*…$/);
  });

  test('what the host sends always passes: over-long names and dates are cut there, not refused here', () => {
    const periods = [
      { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 3, apiKey: 'k'.repeat(600) },
      { startDate: `2026-10-01T00:00:00.000Z${' '.repeat(80)}`, endDate: null, creditsUsed: 1, apiKey: 'Default' },
      { startDate: null, endDate: null, creditsUsed: 2 },
    ];
    const raw = { ...state, history: { fetchedAt: 1, periods } };
    assert.equal(isPanelState(raw), false, 'as served, the page would refuse it');
    assert.equal(panelStateProblem(raw), 'history.periods[0]');
    const bounded = boundPeriods(periods);
    assert.equal(isPanelState({ ...state, history: { fetchedAt: 1, periods: bounded } }), true);
    assert.equal(bounded[0]!.apiKey!.length, 200);
    assert.ok(bounded[0]!.apiKey!.endsWith('…'));
    assert.equal(bounded[1]!.startDate!.length, 64);
    assert.equal(bounded[2], periods[2], 'rows that fit are passed as they are');
    assert.equal(boundPeriods(Array.from({ length: MAX_PERIODS + 5 }, (_, i) => ({ startDate: null, endDate: null, creditsUsed: i }))).at(0)!.creditsUsed, 5, 'the newest are kept');
  });

  test('the page reports what it refused', () => {
    assert.equal(isPageMessage({ type: 'rejected', reason: 'state: history.periods[0]' }), true);
    assert.equal(isPageMessage({ type: 'rejected', reason: 'x'.repeat(501) }), false);
    assert.equal(isPageMessage({ type: 'rejected' }), false);
  });

  test('a balance without a plan (older self-hosted servers) is a valid header', () => {
    assert.equal(isHostMessage({ type: 'state', state: { ...state, credits: { ...state.credits, planCredits: null } } }), true);
  });

  test('rejects malformed states', () => {
    const bad: unknown[] = [
      { type: 'state' },
      { type: 'state', state: { ...state, byApiKey: 'yes' } },
      { type: 'state', state: { ...state, now: Number.NaN } },
      { type: 'state', state: { ...state, history: { fetchedAt: 1, periods: 'x' } } },
      { type: 'state', state: { ...state, history: { fetchedAt: 1, periods: [{ startDate: 1, endDate: null, creditsUsed: 1 }] } } },
      { type: 'state', state: { ...state, history: { fetchedAt: 1, periods: [{ startDate: 'a', endDate: null, creditsUsed: '1' }] } } },
      { type: 'state', state: { ...state, history: { fetchedAt: 1, periods: [{ startDate: 'a', endDate: null, creditsUsed: Infinity }] } } },
      { type: 'state', state: { ...state, history: { fetchedAt: 1, periods: [{ startDate: 'a', endDate: null, creditsUsed: 1, apiKey: 7 }] } } },
      { type: 'state', state: { ...state, problem: { kind: 'exploded', message: 'x' } } },
      { type: 'state', state: { ...state, credits: { remainingCredits: 1 } } },
      { type: 'state', state: { ...state, creditsNote: 5 } },
      { type: 'notice', level: 'warn', text: 'x' },
      { type: 'notice', level: 'info', text: 'x'.repeat(501) },
      { type: 'html', html: '<b>' },
    ];
    for (const m of bad) assert.equal(isHostMessage(m), false, JSON.stringify(m));
  });
});

describe('saved page state', () => {
  test('keeps valid parts and falls back for the rest', () => {
    assert.deepEqual(readSavedState(undefined), { version: 1, byApiKey: false, range: 'months', view: 'chart' });
    assert.deepEqual(readSavedState({ byApiKey: true, view: 'table', last: state }), { version: 1, byApiKey: true, range: 'months', view: 'table', last: state });
    assert.deepEqual(readSavedState({ byApiKey: 'x', view: 'pie', last: { junk: true } }), { version: 1, byApiKey: false, range: 'months', view: 'chart' });
    assert.equal(readSavedState({ range: 'last7d' }).range, 'last7d');
    assert.equal(readSavedState({ last: state, lastAt: 1_700_000_000_000 }).lastAt, 1_700_000_000_000);
    assert.equal(readSavedState({ last: state, lastAt: 'yesterday' }).lastAt, undefined);
    assert.equal(readSavedState({ range: 'decade' }).range, 'months', 'an unknown range falls back to months');
  });
});

describe('a page restored from its saved state', () => {
  const saved: PanelState = { ...state, account: 'team-a', problem: undefined } as PanelState;
  delete (saved as { problem?: unknown }).problem;
  const loading = (account?: string): PanelState => ({ range: 'months', byApiKey: true, locale: 'en', now: 2, loading: true, ...(account ? { account } : {}) });

  test("keeps the saved figures while the same team's host has none yet, or its refresh failed", () => {
    const same = withRestored(saved, loading('team-a'));
    assert.equal(same.kept, true);
    assert.deepEqual(same.panel.history, saved.history);
    assert.deepEqual(same.panel.credits, saved.credits, 'and the balance');
    const failed = withRestored(saved, { ...loading('team-a'), loading: false, problem: { kind: 'unavailable', message: 'offline' } });
    assert.equal(failed.kept, true);
    const unknown = withRestored(saved, loading());
    assert.equal(unknown.kept, true, 'the host does not know its team yet');
    assert.equal(unknown.panel.account, 'team-a', 'and what is kept stays marked as whose it is');
  });

  test("never shows the last team's figures for another key or server, loading or failed", () => {
    const other = withRestored(saved, loading('team-b'));
    assert.equal(other.kept, false);
    assert.equal(other.panel.history, undefined);
    assert.equal(other.panel.credits, undefined, 'nor its balance');
    const failed = withRestored(saved, { ...loading('team-b'), loading: false, problem: { kind: 'unavailable', message: 'offline' } });
    assert.equal(failed.kept, false);
    assert.equal(failed.panel.history, undefined);
  });

  test("a state with data, or a problem that is the host's word (no key), replaces the saved one", () => {
    const fresh = { ...loading('team-a'), loading: false, history: { fetchedAt: 3, periods: [] } };
    assert.equal(withRestored(saved, fresh).kept, false);
    assert.equal(withRestored(saved, fresh).panel, fresh);
    assert.equal(withRestored(saved, { ...loading('team-a'), loading: false, problem: { kind: 'noKey', message: 'No key' } }).kept, false);
    assert.equal(withRestored(undefined, loading('team-a')).kept, false);
  });
});
