// Activation stays cheap: the feedback wizard's bundle is not loaded until someone asks for feedback.
import * as assert from 'node:assert/strict';
import { activateExtension } from './helpers';

describe('activation', () => {
  it('does not load the feedback wizard bundle', async () => {
    const api = await activateExtension();
    assert.equal(api.feedbackLoaded(), false);
  });
});
