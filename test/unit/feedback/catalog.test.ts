// The wizard's catalogue of endpoints, ratings and suggested labels agrees with the service's rules.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLabel, FEEDBACK_LIMITS } from '../../../src/api/feedback';
import { commonIssueLabels, feedbackEndpoints, feedbackRatings } from '../../../src/features/feedback/model/catalog';

const ENDPOINTS = ['scrape', 'parse', 'map', 'search'] as const;

describe('feedback catalogue', () => {
  test('endpoints and ratings are complete and explained', () => {
    assert.deepEqual(
      feedbackEndpoints().map((e) => e.id),
      [...ENDPOINTS],
    );
    const hint = (id: string) => feedbackEndpoints().find((e) => e.id === id)?.jobIdHint ?? '';
    assert.match(hint('scrape'), /data\.metadata\.scrapeId/);
    assert.match(hint('parse'), /data\.metadata\.scrapeId/);
    assert.match(hint('map'), /\bid\b/);
    assert.match(hint('search'), /\bid\b/);
    assert.deepEqual(
      feedbackRatings().map((r) => r.id),
      ['good', 'partial', 'bad'],
    );
    for (const rating of feedbackRatings()) {
      assert.ok(rating.description.length > 10);
      assert.ok(rating.searchDescription.startsWith(rating.description), 'the search text adds the search rule to the same words');
      assert.match(rating.searchDescription, /For search/);
    }
  });

  test('every suggested issue label passes the label rule', () => {
    for (const endpoint of ENDPOINTS) {
      const list = commonIssueLabels(endpoint);
      assert.ok(list.length >= 5, endpoint);
      assert.ok(list.length <= FEEDBACK_LIMITS.labelsMax, endpoint);
      for (const { label: l, description } of list) {
        assert.equal(checkLabel(l), undefined, l);
        assert.ok(description.length > 0);
      }
    }
    for (const common of ['missing-content', 'wrong-content', 'blocked', 'timeout', 'bad-formatting', 'incomplete', 'outdated', 'irrelevant-results']) {
      assert.ok(
        ENDPOINTS.some((endpoint) => commonIssueLabels(endpoint).some((i) => i.label === common)),
        common,
      );
    }
  });
});
