// What the credits tool is told, from the balance and from bins cut by the sandbox: the last hour is 60
// minutes, not the hour in progress; a run-out date only against a known end of the billing period.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CreditUsage } from '../../../src/api';
import { teamCreditFacts } from '../../../src/features/agentTools/model/teamCredits';
import { DEFAULT_SPIKE_THRESHOLDS, summarizeBurn } from '../../../src/features/burn/model/burnRules';
import { forecastRunOut, forecastSentence } from '../../../src/features/credits/model/forecast';
import { binsFor } from '../../support/usageBins';

/** Five past noon UTC: the hour in progress is 5 minutes old. */
const NOW = Date.UTC(2026, 10, 20, 12, 5);
const usage = (over: Partial<CreditUsage> = {}): CreditUsage => ({
  remainingCredits: 50_000,
  planCredits: 100_000,
  billingPeriodStart: '2026-11-01T00:00:00.000Z',
  billingPeriodEnd: '2026-12-01T00:00:00.000Z',
  ...over,
});
const burnOf = (series: Parameters<typeof binsFor>[2]) => {
  const summary = summarizeBurn({ day: { bins: binsFor('day', NOW, series), fetchedAt: NOW }, week: { bins: binsFor('week', NOW, series), fetchedAt: NOW } }, DEFAULT_SPIKE_THRESHOLDS, NOW);
  return { lastHour: summary.lastHour, last24h: summary.day?.total, weekPerDay: summary.weekPerDay };
};

describe('the credits facts the tool tells an agent', () => {
  test('the last hour is the 60 minutes before the bins, not the 5 minutes of the hour in progress', () => {
    const facts = teamCreditFacts({ usage: usage() }, burnOf({ hours: [[Date.UTC(2026, 10, 20, 11, 0), 300]] }));
    assert.equal(facts.lastHour, 275, '11 of the 12 five-minute parts of 11:00–12:00');
    assert.equal(facts.last24h, 300);
  });

  test("the run-out is the status bar's forecast, only before a known end of the billing period", () => {
    // As the tool's wiring does it: the status bar's forecast at the 7-day pace, in the status bar's words.
    const factsOf = (u: CreditUsage, burn: ReturnType<typeof burnOf>) => {
      const forecast = forecastRunOut(u, NOW, undefined, burn.weekPerDay);
      return teamCreditFacts({ usage: u }, burn, forecast && forecastSentence(forecast, 'en'));
    };
    const burn = burnOf({ steady: 100 });
    const known = factsOf(usage({ remainingCredits: 20_000 }), burn);
    assert.equal(known.periodKnown, true);
    assert.equal(known.runOut, "At the last 7 days' pace (~2,400/day) credits run out around **Nov 28, 2026**, before the period ends.", '20,000 at 2,400 a day: about 8 days');
    assert.equal(factsOf(usage({ remainingCredits: 90_000 }), burn).runOut, undefined, 'past the period end: it lasts');
    const open = factsOf(usage({ billingPeriodEnd: null }), burnOf({ steady: 1 }));
    assert.equal(open.periodKnown, false);
    assert.equal(open.runOut, undefined, 'no period end: no date years away, and no "before it ends"');
    const backwards = factsOf(usage({ billingPeriodStart: '2026-12-15T00:00:00.000Z', billingPeriodEnd: '2026-12-01T00:00:00.000Z' }), burn);
    assert.equal(backwards.periodKnown, false, 'a period ending before it starts has a wrong date: no period is known');
  });

  test('when the balance was read comes with it: the tool can say an old one is old', () => {
    const read = NOW - 2 * 60 * 60_000;
    assert.equal(teamCreditFacts({ usage: usage(), fetchedAt: read }, {}).readAt, read);
  });

  test('without a balance the burn figures still come through', () => {
    const facts = teamCreditFacts(undefined, burnOf({ steady: 10 }));
    assert.equal(facts.remaining, undefined);
    assert.equal(facts.last24h, 240);
    assert.ok(Math.abs(facts.lastHour! - 10) < 0.5, 'a steady 10 an hour');
  });
});
