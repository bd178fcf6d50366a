// The credit guard's rule: reads are free, an agent run always asks, anything else asks once today's
// tool spending plus its estimate would pass the daily budget; a self-hosted server counts calls.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, estimateCost, startOfLocalDay } from '../../../src/features/agentTools/model/budget';

describe('the budget rule', () => {
  test('estimates: scrape and map about 1 credit, search 2 per 10 results, an agent run its ceiling, reads nothing', () => {
    assert.deepEqual(estimateCost('scrape', {}, false), { units: 1, upTo: false, unit: 'credits' });
    assert.deepEqual(estimateCost('map', {}, false), { units: 1, upTo: false, unit: 'credits' });
    assert.equal(estimateCost('search', { limit: 10 }, false)?.units, 2);
    assert.equal(estimateCost('search', { limit: 25 }, false)?.units, 6);
    assert.equal(estimateCost('search', { limit: 1 }, false)?.units, 2);
    assert.deepEqual(estimateCost('startAgent', { maxCredits: 300 }, false), { units: 300, upTo: true, unit: 'credits' });
    assert.equal(estimateCost('agentStatus', {}, false), undefined);
    assert.equal(estimateCost('credits', {}, false), undefined);
  });

  test('a self-hosted server has no credits: every paid call counts as one call', () => {
    assert.deepEqual(estimateCost('search', { limit: 50 }, true), { units: 1, upTo: false, unit: 'calls' });
    assert.deepEqual(estimateCost('startAgent', { maxCredits: 500 }, true), { units: 1, upTo: false, unit: 'calls' });
  });

  test('under the budget calls run unasked; the call that would pass it asks, and so does every one after', () => {
    const scrape = estimateCost('scrape', {}, false);
    assert.deepEqual(decide('scrape', scrape, 0, 50), { ask: false, reason: 'withinBudget', spentToday: 0, budget: 50 });
    assert.equal(decide('scrape', scrape, 49, 50).ask, false, '49 + 1 is exactly the budget');
    assert.deepEqual(decide('scrape', scrape, 50, 50), { ask: true, reason: 'overBudget', spentToday: 50, budget: 50 });
    assert.equal(decide('search', estimateCost('search', { limit: 10 }, false), 49, 50).ask, true, '49 + 2 passes it');
    assert.equal(decide('scrape', scrape, 0, 0).ask, true, 'a budget of 0 asks every time');
  });

  test('an agent run always asks, even with the whole budget left; reads never ask', () => {
    assert.deepEqual(decide('startAgent', estimateCost('startAgent', { maxCredits: 5 }, false), 0, 1_000), { ask: true, reason: 'agentRun', spentToday: 0, budget: 1_000 });
    assert.equal(decide('credits', undefined, 10_000, 0).ask, false);
    assert.equal(decide('agentStatus', undefined, 10_000, 0).reason, 'free');
  });

  test('"today" starts at local midnight', () => {
    const noon = new Date(2026, 10, 27, 12, 30).getTime();
    assert.equal(startOfLocalDay(noon), new Date(2026, 10, 27, 0, 0).getTime());
  });
});
