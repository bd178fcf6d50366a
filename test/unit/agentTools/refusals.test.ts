// A 402 or 429 is told to the person once per episode, however many calls an agent loop makes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REFUSAL_QUIET_MS, RefusalEpisodes } from '../../../src/features/agentTools/model/refusals';

describe('refusal episodes', () => {
  test('the first refusal is told, the next ones of the kind are not, until a call succeeds or the quiet time passes', () => {
    const episodes = new RefusalEpisodes();
    assert.equal(episodes.refused('credits', 0), true);
    assert.equal(episodes.refused('credits', 1_000), false);
    assert.equal(episodes.refused('credits', 60_000), false);
    assert.equal(episodes.refused('rateLimit', 60_000), true, 'another kind is news');
    episodes.succeeded();
    assert.equal(episodes.refused('credits', 61_000), true, 'after a success a refusal is news again');
    assert.equal(episodes.refused('credits', 61_000 + REFUSAL_QUIET_MS), true, 'and after the quiet time');
  });
});
