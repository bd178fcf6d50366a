// Server text that carries Unicode direction controls (an override such as U+202E, an embedding, an
// isolate): shown in a notification or a tooltip it would reverse everything after it on the line,
// our own next step included, so the words read as something else. They are dropped from what
// people read; the letters stay.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { submitFeedback } from '../../../src/api/feedbackSubmit';
import { describeError, describeFeedbackFailure } from '../../../src/host/errorText';
import { escapeMarkdown, plainText } from '../../../src/shared/text';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { failure } from '../../support/failure';
import { sandboxClient } from '../../support/sandboxClient';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;
const FEEDBACK = { endpoint: 'scrape' as const, jobId: '9a6e2c4b-1f3d-4e5a-8b7c-0d1e2f3a4b01', rating: 'bad' as const, note: 'missed the pricing table' };

test('direction controls in the service’s words never reach a notification or a tooltip', async () => {
  const client = sandboxClient(sandbox);
  sandbox.fault({
    route: 'feedback',
    kind: 'status',
    status: 400,
    body: { success: false, error: 'Invalid \u202eyrtseR dna tidE\u202c body', feedbackErrorCode: 'INVALID_BODY', details: [{ path: ['note'], message: 'too long\u202e\u2067' }] },
  });
  const error = await failure(submitFeedback(client, FEEDBACK));
  const words = describeFeedbackFailure(error, { endpoint: 'scrape', jobId: FEEDBACK.jobId, apiUrl: sandbox.url, selfHosted: false }).message;
  assert.doesNotMatch(words, DIRECTION, JSON.stringify(words));
  assert.match(words, /too long/);
  sandbox.fault({ route: 'creditUsage', kind: 'status', status: 403, body: { success: false, error: 'Request blocked \u2066\u202ekcolb\u2069' } });
  const blocked = describeError(await failure(client.getCreditUsage()));
  assert.doesNotMatch(blocked.message, DIRECTION, JSON.stringify(blocked.message));
  assert.match(blocked.message, /Request blocked kcolb/);
  assert.doesNotMatch(escapeMarkdown('a \u202eb\u202c c \u2067d\u2069'), DIRECTION);
  assert.equal(plainText('ab\u202ecd\u202c'), 'abcd');
});
