// The credits store, its presentation and its refresh scheduling, on a fake clock.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type CreditUsage, NetworkError, NoRouteError, type QueueStatus, RateLimitedError, ServerError, UnauthorizedError, NotFoundError } from '../../../src/api';
import { Emitter } from '../../../src/shared/events';
import { CreditsStore, type CreditsSnapshot, type CreditsState } from '../../../src/features/credits/model/creditsStore';
import { forecastRunOut } from '../../../src/features/credits/model/forecast';
import { keepsNoCredits } from '../../../src/features/credits/model/connection';
import { formatAgo, formatCredits, formatLocalDate } from '../../../src/shared/format';
import { DAY_MS } from '../../../src/shared/usageSlots';
import { escapeMarkdown } from '../../../src/shared/text';
import { levelFor, presentCredits, type PresentationContext } from '../../../src/features/credits/ui/statusBarText';
import { FakeClock } from '../../support/fakeClock';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const usage = (over: Partial<CreditUsage> = {}): CreditUsage => ({
  remainingCredits: 80_000,
  planCredits: 100_000,
  billingPeriodStart: '2026-11-01T00:00:00.000Z',
  billingPeriodEnd: '2026-12-01T00:00:00.000Z',
  ...over,
});
const ctx = (over: Partial<PresentationContext> = {}): PresentationContext => ({
  now: NOW,
  locale: 'en-US',
  thresholds: { warningPercent: 20, criticalPercent: 5 },
  keySource: 'stored',
  errors: { apiUrl: 'https://api.firecrawl.dev', selfHosted: false },
  ...over,
});
const okState = (u: CreditUsage, fetchedAt = NOW): CreditsState => ({ loading: false, snapshot: { usage: u, fetchedAt } });

describe('formatting', () => {
  test('exact below 100k, compact above, across magnitudes', () => {
    assert.equal(formatCredits(0, 'en-US'), '0');
    assert.equal(formatCredits(999, 'en-US'), '999');
    assert.equal(formatCredits(12_345, 'en-US'), '12,345');
    assert.equal(formatCredits(99_999, 'en-US'), '99,999');
    assert.equal(formatCredits(250_000, 'en-US'), '250K');
    assert.equal(formatCredits(1_234_567, 'en-US'), '1.2M');
    assert.equal(formatCredits(-1_500, 'en-US'), '-1,500');
  });

  test('follows the locale', () => {
    assert.equal(formatCredits(12_345, 'de-DE'), '12.345');
    assert.equal(formatCredits(12_345, 'fr-FR').replace(/\s/g, ' '), '12 345');
    assert.match(formatCredits(1_200_000, 'de-DE'), /^1,2\s?Mio\.$/);
  });

  test('ages', () => {
    assert.equal(formatAgo(0, 4_000, 'en'), 'just now');
    assert.equal(formatAgo(0, 10_000, 'en'), '10s ago');
    assert.equal(formatAgo(0, 5 * 60_000, 'en'), '5m ago');
    assert.equal(formatAgo(0, 3 * 3_600_000, 'en'), '3h ago');
    assert.equal(formatAgo(0, 3 * 86_400_000, 'en'), '3d ago');
  });
});

describe('thresholds', () => {
  const t = { warningPercent: 20, criticalPercent: 5 };
  test('normal, warning at 20%, critical at 5%, overage critical, above plan normal', () => {
    assert.equal(levelFor(21_000, 100_000, t), 'normal');
    assert.equal(levelFor(20_000, 100_000, t), 'warning');
    assert.equal(levelFor(5_001, 100_000, t), 'warning');
    assert.equal(levelFor(5_000, 100_000, t), 'critical');
    assert.equal(levelFor(-1, 100_000, t), 'critical');
    assert.equal(levelFor(250_000, 100_000, t), 'normal');
    assert.equal(levelFor(0, 0, t), 'critical');
    assert.equal(levelFor(10, 0, t), 'normal');
  });

  test('a balance exactly at a threshold takes its level ("at or below"), whatever the percentage', () => {
    // In floating point (7 / 100) * 100 is 7.000000000000001: above a 7% threshold.
    assert.equal(levelFor(7_000, 100_000, { warningPercent: 20, criticalPercent: 7 }), 'critical');
    assert.equal(levelFor(35, 500, { warningPercent: 20, criticalPercent: 7 }), 'critical');
    assert.equal(levelFor(14_000, 100_000, { warningPercent: 14, criticalPercent: 5 }), 'warning');
    assert.equal(levelFor(7_001, 100_000, { warningPercent: 20, criticalPercent: 7 }), 'warning');
  });
});

describe('forecast', () => {
  test('runs out before the period ends at the current pace', () => {
    // 19.5 days in, 60k used: ~3.08k/day, 40k left lasts ~13 days, ending Dec 3 → after Dec 1: none.
    assert.equal(forecastRunOut(usage({ remainingCredits: 40_000 }), NOW), undefined);
    // 90k used → 10k left at ~4.6k/day → ~2 days.
    const f = forecastRunOut(usage({ remainingCredits: 10_000 }), NOW);
    assert.ok(f);
    assert.equal(f.basis, 'period');
    assert.ok(f.runOutAt > NOW && f.runOutAt < Date.parse('2026-11-23T12:00:00.000Z'));
  });

  test('a balance read days ago is forecast from when it was read, and its pace from the usage by then', () => {
    const read = NOW - 3 * DAY_MS;
    // 1,000 left at the last 7 days' 200 a day: out 5 days after the read, not 5 days after now.
    const week = forecastRunOut(usage({ remainingCredits: 1_000 }), NOW, undefined, 200, read)!;
    assert.equal(week.runOutAt, read + 5 * DAY_MS);
    // 9,000 used of 10,000 by Nov 3 12:00 (2.5 days in): 3,600 a day, not 9,000 over the 5.5 days to now.
    const early = Date.parse('2026-11-03T12:00:00.000Z');
    const period = forecastRunOut(usage({ planCredits: 10_000, remainingCredits: 1_000 }), early + 3 * DAY_MS, undefined, undefined, early)!;
    assert.equal(period.basis, 'period');
    assert.equal(Math.round(period.perDay), 3_600);
    // The tooltip says the date the read implies.
    const tooltip = presentCredits(okState(usage({ remainingCredits: 1_000 }), read), ctx({ burn: { summary: { weekPerDay: 200 }, alertsOff: false, muted: false } })).tooltip;
    assert.ok(tooltip.includes(`around **${formatLocalDate(read + 5 * DAY_MS, 'en-US')}**`), tooltip);
  });

  test('no forecast without dates, in overage, or above plan', () => {
    assert.equal(forecastRunOut(usage({ billingPeriodStart: null, billingPeriodEnd: null }), NOW), undefined);
    assert.equal(forecastRunOut(usage({ remainingCredits: -5 }), NOW), undefined);
    assert.equal(forecastRunOut(usage({ remainingCredits: 150_000 }), NOW), undefined);
  });

  test('early in a period it uses the last complete month of history', () => {
    const early = Date.parse('2026-11-01T12:00:00.000Z');
    const u = usage({ remainingCredits: 20_000 });
    assert.equal(forecastRunOut(u, early), undefined);
    const history = [
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 31_000, apiKey: 'a' },
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 31_000, apiKey: 'b' },
      { startDate: '2026-11-01T00:00:00.000Z', endDate: null, creditsUsed: 100 },
    ];
    const f = forecastRunOut(u, early, history);
    assert.ok(f);
    assert.equal(f.basis, 'history');
    assert.ok(Math.abs(f.perDay - 2_000) < 5, `per day ${f.perDay}`);
  });
});

describe('presentation of every state', () => {
  test('no key: key icon, click sets the key', () => {
    const view = presentCredits({ loading: false, problem: { kind: 'noKey' } }, ctx());
    assert.equal(view.text, '$(key) Firecrawl: Set API Key');
    assert.equal(view.command, 'firecrawl.setApiKey');
  });

  test('first load', () => {
    const view = presentCredits({ loading: true }, ctx());
    assert.match(view.text, /sync~spin/);
  });

  test('a value: icon, short number, tooltip with plan, used %, period, key source, links', () => {
    const view = presentCredits(okState(usage({ remainingCredits: 12_345 })), ctx());
    // Not by colour alone: a low balance has its icon, its words in the tooltip and for screen readers.
    assert.equal(view.text, '$(warning) 12,345');
    assert.equal(view.level, 'warning');
    assert.match(view.tooltip, /\$\(warning\) Running low: 20% of the plan or less remains\./);
    assert.equal(view.accessibilityLabel, 'Firecrawl: 12,345 of 100,000 credits remaining, running low');
    const plenty = presentCredits(okState(usage({ remainingCredits: 45_210 })), ctx());
    assert.equal(plenty.text, '$(flame) 45,210');
    assert.doesNotMatch(plenty.tooltip, /low:/);
    assert.equal(plenty.accessibilityLabel, 'Firecrawl: 45,210 of 100,000 credits remaining');
    assert.match(view.tooltip, /\*\*12,345\*\* of 100,000 credits remaining/);
    assert.match(view.tooltip, /Used this period: 87,655 \(88%\)/);
    assert.match(view.tooltip, /Billing period: Nov 1, 2026 – Dec 1, 2026 · resets in 11 days/);
    assert.match(view.tooltip, /secret storage/);
    assert.match(view.tooltip, /Updated just now/);
    assert.match(view.tooltip, /command:firecrawl\.refreshCredits/);
    assert.match(view.tooltip, /command:firecrawl\.showUsageHistory/);
    assert.match(view.tooltip, /run out around/);
    assert.equal(view.command, 'firecrawl.showUsageHistory');
  });

  test('environment key is labelled', () => {
    const view = presentCredits(okState(usage()), ctx({ keySource: 'environment' }));
    assert.match(view.tooltip, /FIRECRAWL\\_API\\_KEY environment variable/);
  });

  test('overage says over plan by N and is critical', () => {
    const view = presentCredits(okState(usage({ remainingCredits: -1_234 })), ctx());
    assert.equal(view.level, 'critical');
    assert.equal(view.text, '$(error) -1,234');
    assert.doesNotMatch(view.tooltip, /Critically low/, 'over plan says it');
    assert.match(view.tooltip, /Over plan by \*\*1,234\*\* credits \(plan 100,000\)/);
    assert.doesNotMatch(view.tooltip, /Used this period/);
  });

  test('a fractional balance is said as the whole number shown: -0.4 is 0 remaining, not "-0" and over plan by 0', () => {
    const small = presentCredits(okState(usage({ remainingCredits: -0.4 })), ctx());
    assert.equal(small.text, '$(error) 0');
    assert.equal(small.level, 'critical');
    assert.match(small.tooltip, /\$\(error\) Critically low: 5% of the plan or less remains\./);
    assert.match(small.accessibilityLabel, /, critically low$/);
    assert.match(small.tooltip, /\*\*0\*\* of 100,000 credits remaining/);
    assert.doesNotMatch(small.tooltip, /Over plan|-0/);
    assert.match(small.accessibilityLabel, /^Firecrawl: 0 of 100,000 credits remaining/);
    const noPlan = presentCredits(okState(usage({ remainingCredits: -0.4, planCredits: null })), ctx());
    assert.equal(noPlan.text, '$(error) 0', 'nothing left');
    assert.doesNotMatch(noPlan.tooltip, /of the plan/);
    assert.doesNotMatch(noPlan.tooltip, /Over by/);
    const over = presentCredits(okState(usage({ remainingCredits: -0.6 })), ctx());
    assert.equal(over.text, '$(error) -1');
    assert.match(over.tooltip, /Over plan by \*\*1\*\* credit \(plan 100,000\)/);
  });

  test('remaining above plan is normal and never "more than 100% used"', () => {
    const view = presentCredits(okState(usage({ remainingCredits: 150_000 })), ctx());
    assert.equal(view.level, 'normal');
    assert.match(view.tooltip, /^\*\*Firecrawl credits\*\*\n\n\*\*150,000\*\* credits remaining \(plan 100,000, plus packs or grants\)\n/);
    assert.doesNotMatch(view.tooltip, /%|of 100,000/);
    assert.match(view.accessibilityLabel, /^Firecrawl: 150,000 credits remaining \(plan 100,000, plus packs or grants\)/);
    // A plan of 0 with one credit granted: one credit, in the tooltip and to screen readers.
    const one = presentCredits(okState(usage({ planCredits: 0, remainingCredits: 1 })), ctx());
    assert.match(one.tooltip, /\*\*1\*\* credit remaining \(plan 0, plus packs or grants\)/);
    assert.match(one.accessibilityLabel, /^Firecrawl: 1 credit remaining \(plan 0, plus packs or grants\)/);
  });

  test('null period dates: no reset date, no crash', () => {
    const view = presentCredits(okState(usage({ billingPeriodStart: null, billingPeriodEnd: null })), ctx());
    assert.doesNotMatch(view.tooltip, /resets in/);
  });

  test('rejected key, no billing info, self-hosted', () => {
    const unauthorized = new UnauthorizedError({ operation: 'creditUsage' });
    assert.equal(presentCredits({ loading: false, problem: { kind: 'unauthorized', error: unauthorized } }, ctx()).command, 'firecrawl.setApiKey');
    const noBilling = new NotFoundError({ operation: 'creditUsage', serviceBody: true });
    assert.match(presentCredits({ loading: false, problem: { kind: 'noBilling', error: noBilling } }, ctx()).text, /no billing info/);
    const internal = new ServerError({ operation: 'creditUsage', status: 500 });
    const selfHosted = presentCredits({ loading: false, problem: { kind: 'unsupported', error: internal } }, ctx({ errors: { apiUrl: 'http://localhost:3002', selfHosted: true } }));
    assert.equal(selfHosted.level, 'normal');
    assert.match(selfHosted.tooltip, /not available on this server/);
  });

  test('offline keeps the last value with a warning icon, the reason and the age', () => {
    const offline = new NetworkError({ operation: 'creditUsage', baseUrl: 'https://api.firecrawl.dev' });
    const state: CreditsState = { ...okState(usage(), NOW - 20 * 60_000), problem: { kind: 'unavailable', error: offline, retryAt: NOW + 45_000 } };
    const view = presentCredits(state, ctx());
    assert.equal(view.text, '$(warning) 80,000');
    assert.match(view.tooltip, /Updated 20m ago/);
    // The tooltip is Markdown with every character of the message escaped; read it unescaped.
    assert.match(view.tooltip.replace(/\\(.)/g, '$1'), /Could not refresh: Could not reach Firecrawl at https:\/\/api\.firecrawl\.dev while reading remaining credits; retrying in 45 s\./);
    // Past its retry time (no retry armed in this window): no countdown stuck at "1 s".
    const later = presentCredits(state, ctx({ now: NOW + 10 * 60_000 }));
    assert.match(later.tooltip.replace(/\\(.)/g, '$1'), /Could not refresh: Could not reach Firecrawl at https:\/\/api\.firecrawl\.dev while reading remaining credits\./);
    assert.doesNotMatch(later.tooltip + later.accessibilityLabel, /retrying in/);
  });

  test('server text in the tooltip cannot inject links, commands or HTML', () => {
    const hostile = '[run](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>';
    const view = presentCredits({ loading: false, problem: { kind: 'unauthorized', error: new UnauthorizedError({ operation: 'creditUsage', serverMessage: hostile }) } }, ctx());
    assert.ok(!view.tooltip.includes('[run](command:workbench'));
    assert.doesNotMatch(view.tooltip, /(^|[^\\])<img/, 'markup arrives escaped, so it renders as text');
    assert.equal(escapeMarkdown('a_b'), 'a\\_b');
  });
});

/** A fake server call: counts requests and answers from a queue (default: a fixed usage). */
function harness(options: { focused?: boolean; selfHosted?: boolean; saved?: CreditsSnapshot } = {}) {
  const clock = new FakeClock(NOW);
  const focusEvents = new Emitter<boolean>();
  const focus = { focused: options.focused ?? true, onDidChange: focusEvents.event };
  const answers: Array<() => Promise<CreditUsage>> = [];
  const queueAnswers: Array<() => Promise<QueueStatus>> = [];
  let requests = 0;
  let queueRequests = 0;
  let saved = options.saved;
  const store = new CreditsStore({
    fetch: () => {
      requests++;
      const next = answers.shift();
      return next ? next() : Promise.resolve(usage());
    },
    fetchQueue: () => {
      queueRequests++;
      const next = queueAnswers.shift();
      return next ? next() : Promise.resolve({ active: 2, waiting: 3, maxConcurrency: 5, mostRecentSuccess: new Date(NOW - 4 * 60_000).toISOString() });
    },
    hasKey: () => true,
    isSelfHosted: () => options.selfHosted ?? false,
    intervalMs: () => 5 * 60_000,
    clock,
    focus,
    random: () => 0.5,
    // The team's file, as a window opening finds it and as the polling window writes it.
    shared: { read: async () => saved, publish: (s) => void (saved = s), onDidPublish: () => ({ dispose: () => undefined }) },
  });
  return {
    clock,
    store,
    answers,
    queueAnswers,
    get requests() {
      return requests;
    },
    get queueRequests() {
      return queueRequests;
    },
    get saved() {
      return saved;
    },
    setFocus(value: boolean) {
      focus.focused = value;
      focusEvents.fire(value);
    },
  };
}

describe('the queue next to the credits', () => {
  test('the tooltip says running of the plan’s maximum, waiting and the last success; a failed queue leaves the balance alone', async () => {
    const h = harness();
    h.store.start();
    await h.clock.advance(0);
    const view = presentCredits(h.store.state, ctx());
    assert.match(view.tooltip, /Jobs running: 2 of 5 at once · waiting: 3 · last success 4m ago/);
    h.queueAnswers.push(() => Promise.reject(new ServerError({ operation: 'queueStatus', status: 503 })));
    await h.store.refreshNow();
    assert.equal(h.store.state.problem, undefined, 'the balance is fresh');
    assert.doesNotMatch(presentCredits(h.store.state, ctx()).tooltip, /Jobs running/);
    h.store.dispose();
  });

  test('a slow queue answer does not hold back the balance: it is shown and shared at once, and again with the queue when that comes', async () => {
    const h = harness();
    // The queue route answers only when the transport's 30 s timeout fires, or just before.
    h.queueAnswers.push(() => new Promise<QueueStatus>((_, reject) => void h.clock.schedule(30_000, () => reject(new ServerError({ operation: 'queueStatus', status: 504 })))));
    h.store.start();
    await h.clock.advance(1_000);
    assert.equal(h.store.state.snapshot?.usage.remainingCredits, 80_000);
    assert.equal(h.store.state.loading, false);
    assert.equal(presentCredits(h.store.state, ctx({ now: h.clock.now() })).text, '$(flame) 80,000');
    assert.equal(h.saved?.usage.remainingCredits, 80_000, 'shared with the other windows');
    await h.clock.advance(30_000);
    assert.equal(h.store.state.snapshot?.queue, undefined, 'a failed queue is no queue');
    h.queueAnswers.push(() => new Promise<QueueStatus>((resolve) => void h.clock.schedule(20_000, () => resolve({ active: 1, waiting: 0, maxConcurrency: 5, mostRecentSuccess: null }))));
    const refreshed = h.store.refreshNow();
    await h.clock.advance(20_000);
    await refreshed;
    assert.deepEqual(h.store.state.snapshot?.queue, { active: 1, waiting: 0, maxConcurrency: 5, mostRecentSuccess: null });
    assert.deepEqual(h.saved?.queue, h.store.state.snapshot?.queue, 'shared again with the queue');
    assert.equal(h.saved?.fetchedAt, h.store.state.snapshot?.fetchedAt, 'the balance is still the one read with it');
    h.store.dispose();
  });

  test('a server without the route is not asked again; no plan maximum and no recent success are said as such', async () => {
    const h = harness();
    h.queueAnswers.push(() => Promise.reject(new NoRouteError({ operation: 'queueStatus' })));
    h.store.start();
    await h.clock.advance(0);
    await h.clock.advance(60 * 60_000);
    assert.deepEqual([h.requests, h.queueRequests], [13, 1]);
    h.store.dispose();
    const bare = presentCredits({ loading: false, snapshot: { usage: usage(), queue: { active: 0, waiting: 0, maxConcurrency: null, mostRecentSuccess: null }, fetchedAt: NOW } }, ctx());
    assert.match(bare.tooltip, /Jobs running: 0 · waiting: 0 · no job succeeded in the last 24 h/);
  });
});

describe('refresh scheduling', () => {
  test('a focused hour makes 12 balance and 12 queue requests after the first; an unfocused hour makes none', async () => {
    const h = harness();
    h.store.start();
    await h.clock.advance(0);
    assert.deepEqual([h.requests, h.queueRequests], [1, 1], 'the queue comes with the balance');
    await h.clock.advance(60 * 60_000);
    assert.deepEqual([h.requests, h.queueRequests], [13, 13]);
    h.setFocus(false);
    await h.clock.advance(60 * 60_000);
    assert.deepEqual([h.requests, h.queueRequests], [13, 13]);
    assert.equal(h.clock.pending, 0, 'no timer while unfocused');
    h.store.dispose();
  });

  test('regaining focus refreshes at once only when the value is older than the interval', async () => {
    const h = harness();
    h.store.start();
    await h.clock.advance(60_000);
    h.setFocus(false);
    await h.clock.advance(60_000);
    h.setFocus(true);
    await h.clock.advance(0);
    assert.equal(h.requests, 1, 'still fresh: resume the countdown');
    await h.clock.advance(3 * 60_000);
    assert.equal(h.requests, 2, 'fires at the original due time');
    h.setFocus(false);
    await h.clock.advance(30 * 60_000);
    h.setFocus(true);
    await h.clock.advance(0);
    assert.equal(h.requests, 3, 'stale: caught up on focus');
    h.store.dispose();
  });

  test("a window opening shows the team's last balance from its file; an old one is refreshed at once, a fresh one when it is due", async () => {
    const old = harness({ saved: { usage: usage({ remainingCredits: 1 }), fetchedAt: NOW - 3_600_000 } });
    const seen: number[] = [];
    old.store.onDidChange((s) => s.snapshot && seen.push(s.snapshot.usage.remainingCredits));
    old.store.start();
    await old.clock.advance(0);
    assert.deepEqual([seen[0], old.store.state.snapshot?.usage.remainingCredits, old.requests], [1, 80_000, 1]);
    assert.equal(old.saved?.usage.remainingCredits, 80_000, 'the new balance is written for the team');
    old.store.dispose();

    const fresh = harness({ saved: { usage: usage({ remainingCredits: 2 }), fetchedAt: NOW - 60_000 } });
    fresh.store.start();
    await fresh.clock.advance(0);
    assert.deepEqual([fresh.store.state.snapshot?.usage.remainingCredits, fresh.requests], [2, 0]);
    await fresh.clock.advance(4 * 60_000 - 1);
    assert.equal(fresh.requests, 0, 'nothing asked before the balance is due');
    await fresh.clock.advance(1);
    assert.equal(fresh.requests, 1);
    fresh.store.dispose();
  });

  test('concurrent callers share one in-flight request', async () => {
    const h = harness();
    let release!: (u: CreditUsage) => void;
    h.answers.push(() => new Promise((resolve) => (release = resolve)));
    h.store.start();
    const a = h.store.refresh();
    const b = h.store.refresh();
    assert.equal(a, b);
    release(usage());
    await a;
    assert.equal(h.requests, 1);
    h.store.dispose();
  });

  test('offline keeps the last value, backs off, then recovers', async () => {
    const h = harness();
    h.store.start();
    await h.clock.advance(0);
    const offline = () => Promise.reject(new NetworkError({ operation: 'creditUsage', baseUrl: 'x' }));
    h.answers.push(offline, offline, offline);
    await h.clock.advance(5 * 60_000);
    assert.equal(h.store.state.problem?.kind, 'unavailable');
    assert.equal(h.store.state.snapshot?.usage.remainingCredits, 80_000, 'last value kept');
    await h.clock.advance(30_000);
    assert.equal(h.requests, 3, 'first retry after 30 s');
    await h.clock.advance(60_000);
    assert.equal(h.requests, 4, 'then after 60 s');
    await h.clock.advance(120_000);
    assert.equal(h.requests, 5);
    assert.equal(h.store.state.problem, undefined, 'recovered');
    h.store.dispose();
  });

  test('429 waits as long as the service asks', async () => {
    const h = harness();
    h.answers.push(() => Promise.reject(new RateLimitedError({ operation: 'creditUsage', retryAfterMs: 200_000 })));
    h.store.start();
    await h.clock.advance(199_000);
    assert.equal(h.requests, 1);
    await h.clock.advance(2_000);
    assert.equal(h.requests, 2);
    h.store.dispose();
  });

  test('a 503 in maintenance waits as long as its Retry-After asks', async () => {
    const h = harness();
    h.answers.push(() => Promise.reject(new ServerError({ operation: 'creditUsage', status: 503, retryAfterMs: 200_000 })));
    h.store.start();
    await h.clock.advance(199_000);
    assert.equal(h.requests, 1);
    await h.clock.advance(2_000);
    assert.equal(h.requests, 2);
    h.store.dispose();
  });

  test('a rejected key stops polling until asked', async () => {
    const h = harness();
    h.answers.push(() => Promise.reject(new UnauthorizedError({ operation: 'creditUsage' })));
    h.store.start();
    await h.clock.advance(2 * 60 * 60_000);
    assert.equal(h.requests, 1);
    assert.equal(h.store.state.problem?.kind, 'unauthorized');
    h.setFocus(false);
    h.setFocus(true);
    await h.clock.advance(0);
    assert.equal(h.requests, 1, 'focus does not retry a rejected key');
    await h.store.refreshNow();
    assert.equal(h.requests, 2);
    h.store.dispose();
  });

  test('a self-hosted 500 is "not available", not an error loop', async () => {
    const h = harness({ selfHosted: true });
    h.answers.push(() => Promise.reject(new ServerError({ operation: 'creditUsage', status: 500 })));
    h.store.start();
    await h.clock.advance(60 * 60_000);
    assert.equal(h.requests, 1);
    assert.equal(h.store.state.problem?.kind, 'unsupported');
  });

  test("the agent tools' guard counts calls, not credits, only once another server said it keeps none", async () => {
    // A proxy in front of the hosted service has another address too: until it answers, credits.
    const h = harness({ selfHosted: true });
    let answer!: (error: Error) => void;
    h.answers.push(() => new Promise((_, reject) => (answer = reject)));
    h.store.start();
    await h.clock.advance(0);
    assert.equal(h.store.state.loading, true);
    assert.equal(keepsNoCredits(h.store.state, true), false, 'not while its first answer is out');
    answer(new ServerError({ operation: 'creditUsage', status: 500 }));
    await h.clock.advance(0);
    assert.equal(keepsNoCredits(h.store.state, true), true);
    assert.equal(keepsNoCredits(h.store.state, false), false, 'the hosted service always keeps credits');
    h.store.dispose();
    // Offline or refused at first: nothing said about credits yet.
    const offline = harness({ selfHosted: true });
    offline.answers.push(() => Promise.reject(new NetworkError({ operation: 'creditUsage', baseUrl: 'http://localhost:3002' })));
    offline.store.start();
    await offline.clock.advance(0);
    assert.equal(offline.store.state.problem?.kind, 'unavailable');
    assert.equal(keepsNoCredits(offline.store.state, true), false);
    offline.store.dispose();
    // A server used without a key answers only if it skips auth, as a self-hosted one does.
    assert.equal(keepsNoCredits({ loading: false, problem: { kind: 'noKey' } }, true), true);
    assert.equal(keepsNoCredits({ loading: false, snapshot: { usage: usage(), fetchedAt: NOW } }, true), false);
  });

  test('404 no billing info clears the value and keeps the normal interval', async () => {
    const h = harness();
    h.answers.push(() => Promise.reject(new NotFoundError({ operation: 'creditUsage', serviceBody: true })));
    h.store.start();
    await h.clock.advance(0);
    assert.equal(h.store.state.problem?.kind, 'noBilling');
    await h.clock.advance(5 * 60_000);
    assert.equal(h.requests, 2);
    h.store.dispose();
  });

  test('reset forgets the old account and refreshes', async () => {
    const h = harness();
    h.store.start();
    await h.clock.advance(0);
    h.answers.push(() => Promise.resolve(usage({ remainingCredits: 7 })));
    h.store.reset();
    assert.equal(h.store.state.snapshot, undefined);
    await h.clock.advance(0);
    const after: CreditsState = h.store.state;
    assert.equal(after.snapshot?.usage.remainingCredits, 7);
    h.store.dispose();
  });

  test('a following window whose server changes shows what the new server says, though the leader shares nothing', async () => {
    const clock = new FakeClock(NOW);
    let selfHosted = false;
    const store = new CreditsStore({
      // A self-hosted server answers 500 on the credit route: the leader shows "n/a" and publishes nothing.
      fetch: () => (selfHosted ? Promise.reject(new ServerError({ operation: 'creditUsage', status: 500 })) : Promise.resolve(usage())),
      isLeader: () => false,
      shared: { read: async () => undefined, publish: () => undefined, onDidPublish: () => ({ dispose: () => undefined }) },
      hasKey: () => true,
      isSelfHosted: () => selfHosted,
      intervalMs: () => 5 * 60_000,
      clock,
      focus: { focused: true, onDidChange: new Emitter<boolean>().event },
      random: () => 0.5,
    });
    store.start();
    await clock.advance(0);
    assert.equal(store.state.snapshot?.usage.remainingCredits, 80_000);
    selfHosted = true;
    store.reset();
    await clock.advance(60 * 60_000);
    const after: CreditsState = store.state;
    assert.equal(after.problem?.kind, 'unsupported');
    assert.notEqual(presentCredits(after, ctx({ errors: { apiUrl: 'http://localhost:3002', selfHosted: true } })).text, '$(sync~spin) Firecrawl', 'not loading for good');
    store.dispose();
  });
});

describe('a clock stepped back', () => {
  test('a balance stamped ahead of the clock (the clock stepped back) does not stop the leader polling for hours', async () => {
    const clock = new FakeClock();
    const ahead = clock.now() + 3 * 3_600_000;
    let requests = 0;
    const usage = { remainingCredits: 10, planCredits: 100, billingPeriodStart: null, billingPeriodEnd: null };
    const store = new CreditsStore({
      fetch: async () => {
        requests++;
        return usage;
      },
      shared: { read: async () => ({ usage, fetchedAt: ahead }), publish: () => undefined, onDidPublish: new Emitter<CreditsSnapshot>().event },
      hasKey: () => true,
      isSelfHosted: () => false,
      intervalMs: () => 5 * 60_000,
      clock,
      focus: { focused: true, onDidChange: new Emitter<boolean>().event },
      random: () => 0.5,
    });
    store.start();
    await clock.advance(30 * 60_000);
    assert.ok(requests >= 1, 'no balance request in 30 minutes with a 5-minute interval');
    store.dispose();
  });
});

describe('forecast from the months', () => {
  test("early in a period, the current month (the spec's shape: endDate set to the month's end) is not taken as last month", () => {
    const early = Date.parse('2026-11-01T12:00:00.000Z');
    const usage = { remainingCredits: 20_000, planCredits: 100_000, billingPeriodStart: '2026-11-01T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' };
    const history = [
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 62_000 },
      // The spec types endDate as a string: the month in progress carries its end.
      { startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z', creditsUsed: 100 },
    ];
    const f = forecastRunOut(usage, early, history);
    assert.ok(f, 'no forecast: the month in progress (100 credits over 30 days) was used as last month');
    assert.equal(f.basis, 'history');
    assert.ok(Math.abs(f.perDay - 2_000) < 5, `per day ${f.perDay}`);
  });
});
