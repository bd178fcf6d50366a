// The feedback wizard's words come from the translation bundle: a fake bundle is configured after the
// wizard's modules were loaded (as the on-demand bundle is configured after it loads), so a word
// computed when a module loads would still be English here and fail. What is sent stays the same.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import type { FeedbackReceipt } from '../../../src/api';
import { emptyDraft } from '../../../src/features/feedback/model/draft';
import { parsePageNumbers } from '../../../src/features/feedback/model/parseInput';
import { describeReceipt } from '../../../src/features/feedback/model/receiptText';
import { runFeedbackWizard } from '../../../src/features/feedback/wizard/wizard';
import { button, cancel, edit, enter, expect, inputPrompt, JOB, option, pick, pickPrompt, ScriptedPrompter, type, type Reply } from '../../support/wizardFakes';

/** German-looking words for some of the wizard's messages (keys with a translator comment end in "/comment"). */
const FAKE: Record<string, string> = {
  'Firecrawl: Submit Feedback — {0}': 'Firecrawl: Feedback senden — {0}',
  Endpoint: 'Endpunkt',
  'Which endpoint ran the job you are rating?': 'Welcher Endpunkt hat den Job ausgeführt?',
  'Scrape/the Firecrawl endpoint /v2/scrape': 'Scrapen',
  'Job id: the {0} response’s {1}.': 'Job-ID: {1} in der {0}-Antwort.',
  'Job id': 'Job-ID',
  "The job's id (a UUID): the {0} response’s {1}. Firecrawl accepts feedback for a limited time after the job; the server sets how long.":
    'Die ID des Jobs (eine UUID): {1} in der {0}-Antwort. Bald nach dem Job senden.',
  Rating: 'Bewertung',
  'Bad/a rating of a job’s output': 'Schlecht',
  'The output was unusable.': 'Die Ausgabe war unbrauchbar.',
  'Issue labels': 'Problem-Labels',
  'The site blocked the request (captcha, 403, bot wall)': 'Die Website hat die Anfrage blockiert',
  'Continue with {0}': 'Weiter mit {0}',
  'Review/wizard page title: the feedback as it will be sent': 'Überprüfung',
  'Send feedback': 'Feedback senden',
  'bad/a rating, in a one-line summary of the feedback': 'schlecht',
  '{0} issue label': '{0} Problem-Label',
  '{0} issue labels': '{0} Problem-Labels',
  'Note/wizard page title: a free-text note for the Firecrawl team': 'Notiz',
  'Use Note': 'Notiz übernehmen',
  'Firecrawl feedback: write the note in the editor, then choose "{0}" or close the editor to go back to the wizard.': 'Notiz im Editor schreiben, dann „{0}“ wählen.',
  'Write it in an editor': 'Im Editor schreiben',
  'Valuable sources': 'Wertvolle Quellen',
  'Add a valuable source…': 'Wertvolle Quelle hinzufügen…',
  'Feedback sent: {0} credits refunded.': 'Feedback gesendet: {0} Credits erstattet.',
  'Refunded today: {0} of the {1}-credit daily cap.': 'Heute erstattet: {0} von {1} Credits Tageslimit.',
  "'{0}' is reversed; write it as '{1}'.": "'{0}' ist verkehrt herum; schreibe '{1}'.",
};

const section = (shown: Parameters<Reply>[0]) => (shown.kind === 'editor' ? '' : shown.prompt.title.replace(/^Firecrawl: Feedback senden — /, ''));

describe('the feedback wizard in another language (a fake bundle)', () => {
  afterEach(() => l10n.config({ contents: {} }));

  test('the fast path pages say the bundle’s words; the ids sent stay as they are', async () => {
    l10n.config({ contents: FAKE });
    const ui = new ScriptedPrompter([
      expect((s) => {
        const p = pickPrompt(s);
        assert.equal(p.title, 'Firecrawl: Feedback senden — Endpunkt');
        assert.equal(p.placeholder, 'Welcher Endpunkt hat den Job ausgeführt?');
        assert.equal(option(p, 'scrape').label, 'Scrapen');
        assert.equal(option(p, 'scrape').detail, 'Job-ID: data.metadata.scrapeId in der scrape-Antwort.');
        // Not in the fake bundle: the English source is the fallback.
        assert.equal(option(p, 'parse').label, 'Parse');
      }, pick('scrape')),
      expect((s) => {
        assert.equal(section(s), 'Job-ID');
        assert.equal(inputPrompt(s).prompt, 'Die ID des Jobs (eine UUID): data.metadata.scrapeId in der scrape-Antwort. Bald nach dem Job senden.');
      }, type(JOB)),
      expect((s) => {
        assert.equal(section(s), 'Bewertung');
        assert.equal(option(pickPrompt(s), 'bad').label, 'Schlecht');
        assert.equal(option(pickPrompt(s), 'bad').detail, 'Die Ausgabe war unbrauchbar.');
      }, pick('bad')),
      expect((s) => {
        assert.equal(section(s), 'Problem-Labels');
        const blocked = option(pickPrompt(s), 'label:blocked');
        assert.equal(blocked.label, 'blocked', 'a label is what the server receives: never translated');
        assert.equal(blocked.description, 'Die Website hat die Anfrage blockiert');
      }, pick('label:blocked')),
      expect((s) => assert.equal(option(pickPrompt(s), 'continue').label, 'Weiter mit blocked'), enter()),
      expect((s) => {
        assert.equal(section(s), 'Überprüfung');
        const send = option(pickPrompt(s), 'send');
        assert.equal(send.label, 'Feedback senden');
        assert.equal(send.description, 'scrape · schlecht · 1 Problem-Label');
      }, pick('send')),
    ]);
    const request = await runFeedbackWizard(emptyDraft(), ui);
    assert.equal(ui.remaining, 0);
    assert.deepEqual(request, { endpoint: 'scrape', jobId: JOB, rating: 'bad', issues: ['blocked'] });
  });

  test('the note editor, the list pages and the item pages are translated when they are built', async () => {
    l10n.config({ contents: FAKE });
    const ui = new ScriptedPrompter([
      pick('scrape'),
      type(JOB),
      pick('good'),
      expect((s) => {
        assert.equal(section(s), 'Notiz');
        assert.equal(s.kind === 'input' && s.prompt.buttons?.[0]?.tooltip, 'Im Editor schreiben');
      }, button('editor')),
      expect((s) => {
        assert.ok(s.kind === 'editor');
        assert.equal(s.editing.title, 'Notiz');
        assert.equal(s.editing.useLabel, 'Notiz übernehmen');
        assert.equal(s.editing.instructions, 'Notiz im Editor schreiben, dann „Notiz übernehmen“ wählen.');
      }, edit('Fine.')),
      enter(),
      pick('details'),
      pick('valuableSources'),
      expect((s) => {
        assert.equal(section(s), 'Wertvolle Quellen');
        assert.equal(option(pickPrompt(s), 'add').label, 'Wertvolle Quelle hinzufügen…');
      }, cancel()),
    ]);
    await runFeedbackWizard(emptyDraft(), ui);
    assert.equal(ui.remaining, 0);
  });

  test('the receipt and the parsers’ sentences come from the bundle too', () => {
    l10n.config({ contents: FAKE });
    const receipt: FeedbackReceipt = { feedbackId: 'f1', creditsRefunded: 2, creditsRefundedToday: 11, dailyRefundCap: 50, dailyCapReached: false, alreadySubmitted: false };
    assert.equal(describeReceipt(receipt).message, 'Feedback gesendet: 2 Credits erstattet. Heute erstattet: 11 von 50 Credits Tageslimit.');
    const reversed = parsePageNumbers('5-3');
    assert.ok(!reversed.ok);
    assert.equal(reversed.error, "'5-3' ist verkehrt herum; schreibe '3-5'.");
  });

  test('with the bundle reset, the English source is back', async () => {
    l10n.config({ contents: FAKE });
    l10n.config({ contents: {} });
    const ui = new ScriptedPrompter([expect((s) => assert.equal(pickPrompt(s).title, 'Firecrawl: Submit Feedback — Endpoint'), cancel())]);
    await runFeedbackWizard(emptyDraft(), ui);
  });
});
