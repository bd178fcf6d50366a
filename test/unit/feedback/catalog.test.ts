// The wizard's catalogue of endpoints, ratings and suggested labels agrees with the service's rules.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLabel, FEEDBACK_LIMITS } from '../../../src/api/feedback';
import { COMMON_ISSUE_LABELS, FEEDBACK_ENDPOINTS, FEEDBACK_RATINGS } from '../../../src/features/feedback/model/catalog';

describe('feedback catalogue', () => {
  test('endpoints and ratings are complete and explained', () => {
    assert.deepEqual(FEEDBACK_ENDPOINTS.map((e) => e.id).sort(), ['map', 'parse', 'scrape', 'search']);
    const hint = (id: string) => FEEDBACK_ENDPOINTS.find((e) => e.id === id)?.jobIdHint ?? '';
    assert.match(hint('scrape'), /metadata\.scrapeId/);
    assert.doesNotMatch(hint('scrape'), /data\.metadata/);
    assert.match(hint('parse'), /data\.metadata\.scrapeId/);
    assert.match(hint('map'), /\bid\b/);
    assert.match(hint('search'), /\bid\b/);
    assert.deepEqual(FEEDBACK_RATINGS.map((r) => r.id), ['good', 'partial', 'bad']);
    for (const rating of FEEDBACK_RATINGS) assert.ok(rating.description.length > 10);
  });

  test('every suggested issue label passes the label rule', () => {
    for (const [endpoint, list] of Object.entries(COMMON_ISSUE_LABELS)) {
      assert.ok(list.length >= 5, endpoint);
      assert.ok(list.length <= FEEDBACK_LIMITS.labelsMax, endpoint);
      for (const { label: l, description } of list) {
        assert.equal(checkLabel(l), undefined, l);
        assert.ok(description.length > 0);
      }
    }
    for (const common of ['missing-content', 'wrong-content', 'blocked', 'timeout', 'bad-formatting', 'incomplete', 'outdated', 'irrelevant-results']) {
      assert.ok(Object.values(COMMON_ISSUE_LABELS).some((list) => list.some((i) => i.label === common)), common);
    }
  });

});
