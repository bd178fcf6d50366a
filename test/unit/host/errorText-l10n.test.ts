// The words errors become are the bundle's, not English wired in: with a translation configured the
// way activation configures it (@vscode/l10n from vscode.l10n.bundle), every part of a message comes
// out translated (the sentence, the phrase it holds, the button it names), and messages that used
// to be constants are translated when asked, not when their module loaded.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { API_KEY_PATH, CancelledError, FeedbackError, ForbiddenError, InvalidRequestError, keyProblem, NetworkError } from '../../../src/api';
import { checkNote, validateFeedback } from '../../../src/api/feedback';
import {
  agentNotFoundText,
  describeError,
  describeFeedbackFailure,
  describeKeyCheckFailure,
  fieldLabel,
  nameOfPath,
  nextStepLabel,
  recentJobsUnavailableText,
  researchGoneText,
  waitText,
} from '../../../src/host/errorText';
import { formatAgo, setLocale } from '../../../src/shared/format';
import { sanitizeMarkdown } from '../../../src/shared/markdown';

/** The key of a message with a translator comment, as @vscode/l10n and the exporter make it. */
const withComment = (message: string, comment: string) => `${message}/${comment}`;
const DOING = 'reading remaining credits';
const EDIT = 'Edit and Retry';

afterEach(() => {
  l10n.config({ contents: {} });
  setLocale(undefined);
});

describe('errorText through a translation bundle', () => {
  test('a sentence and the operation phrase inside it both come from the bundle', () => {
    l10n.config({
      contents: {
        'Firecrawl refused {0} (403): the team may be blocked, or your IP not on its allow-list.': 'Firecrawl a refusé {0} (403) : l’équipe est peut-être bloquée.',
        [DOING]: 'la lecture des crédits restants',
        'Firecrawl said: {0}': 'Firecrawl a dit : {0}',
      },
    });
    const { message } = describeError(new ForbiddenError({ operation: 'creditUsage', serviceBody: true, serverMessage: 'nope' }));
    assert.equal(message, 'Firecrawl a refusé la lecture des crédits restants (403) : l’équipe est peut-être bloquée. Firecrawl a dit : nope.');
  });

  test('a language may put the placeholders in another order', () => {
    l10n.config({
      contents: {
        'Could not reach Firecrawl at {0} while {1}; retrying {2}. Check the network and the API URL setting.': '{1}: {0} に接続できません。{2}再試行します。',
        [DOING]: '残りクレジットの取得中',
        [withComment('in {0} s', '{0} seconds')]: '{0} 秒後に',
      },
    });
    const { message } = describeError(new NetworkError({ operation: 'creditUsage', baseUrl: 'https://api.firecrawl.dev' }), { retryInMs: 5_000 });
    assert.equal(message, '残りクレジットの取得中: https://api.firecrawl.dev に接続できません。5 秒後に再試行します。');
  });

  test('what were constants are translated when asked, after the bundle is configured', () => {
    const english = agentNotFoundText();
    l10n.config({
      contents: {
        'Expired or not found: the service no longer has this agent job, or the id belongs to another team.': 'Abgelaufen oder nicht gefunden.',
        'Firecrawl shut the Deep Research API down: deep research jobs can no longer be read. New research runs as agent jobs (the Agent API, /v2/agent), which this view follows too.':
          'Die Deep-Research-API wurde abgeschaltet (410 Gone).',
      },
    });
    assert.match(english, /^Expired or not found/);
    assert.equal(agentNotFoundText(), 'Abgelaufen oder nicht gefunden.');
    assert.equal(researchGoneText(), 'Die Deep-Research-API wurde abgeschaltet (410 Gone).');
  });

  test('a button named in a sentence is named by its translated label, so the two match', () => {
    l10n.config({
      contents: {
        [EDIT]: 'Bearbeiten und erneut senden',
        'Firecrawl rejected the feedback as invalid.': 'Firecrawl hat das Feedback als ungültig abgelehnt.',
        'Choose {0} to fix it; everything you entered is kept.': 'Wählen Sie „{0}“; alle Eingaben bleiben erhalten.',
      },
    });
    const failure = describeFeedbackFailure(new FeedbackError({ operation: 'feedback', status: 400, feedbackErrorCode: 'INVALID_BODY', details: [] }), {
      apiUrl: 'https://api.firecrawl.dev',
      selfHosted: false,
    });
    assert.deepEqual(failure.actions, ['editAndRetry']);
    assert.equal(nextStepLabel('editAndRetry'), 'Bearbeiten und erneut senden');
    assert.equal(failure.message, 'Firecrawl hat das Feedback als ungültig abgelehnt. Wählen Sie „Bearbeiten und erneut senden“; alle Eingaben bleiben erhalten.');
  });

  test('a key that cannot be sent: the fault (api) and the sentence around it (errorText) are both translated', () => {
    l10n.config({
      contents: {
        [withComment('has a space or line break at position {0}', 'after "the key"')]: 'enthält an Stelle {0} ein Leerzeichen',
        'The API key cannot be sent: the key {0}. Set the key again.': 'Der API-Schlüssel kann nicht gesendet werden: Er {0}. Legen Sie ihn neu fest.',
      },
    });
    const fault = keyProblem('fc-ab cd');
    assert.equal(fault, 'enthält an Stelle 6 ein Leerzeichen');
    const error = new InvalidRequestError({ operation: 'creditUsage', problems: [{ path: API_KEY_PATH, message: fault ?? '' }] });
    assert.equal(describeError(error).message, 'Der API-Schlüssel kann nicht gesendet werden: Er enthält an Stelle 6 ein Leerzeichen. Legen Sie ihn neu fest.');
  });

  test('a translated message that ends in a full-width stop is not given an English one', () => {
    l10n.config({
      contents: {
        'Could not reach Firecrawl while {0}. Check the network and the API URL setting.': '{0}中に Firecrawl に接続できませんでした。',
        [DOING]: '残りクレジットの取得',
        'Could not check the key: {0} Press Enter again to save it anyway.': 'キーを確認できませんでした: {0} Enter でそのまま保存します。',
      },
    });
    const { message } = describeKeyCheckFailure(new NetworkError({ operation: 'creditUsage', baseUrl: '' }));
    assert.equal(message, 'キーを確認できませんでした: 残りクレジットの取得中に Firecrawl に接続できませんでした。 Enter でそのまま保存します。');
  });

  test('field names, item names and the recent-jobs line', () => {
    l10n.config({
      contents: {
        'Valuable source {0}': 'Fuente valiosa {0}',
        [withComment('{0} ({1})', 'an item of the feedback form and, in brackets, the API name of the part of it meant, as in "Valuable source 2 (url)"')]: '{0} – {1}',
        [withComment('Note', 'a field of the feedback form: free text (a noun)')]: 'Nota',
        'Listing recent jobs was cancelled.': 'Se canceló la lista de trabajos recientes.',
      },
    });
    assert.equal(nameOfPath('valuableSources[1].url'), 'Fuente valiosa 2 – url');
    assert.equal(fieldLabel('note'), 'Nota');
    assert.equal(nameOfPath('note'), 'Nota');
    assert.equal(recentJobsUnavailableText(new CancelledError({ operation: 'activity' })), 'Se canceló la lista de trabajos recientes.');
  });
});

describe('api and shared words through a translation bundle', () => {
  test("the feedback validator's problems, with numbers in the editor's language", () => {
    setLocale('de');
    l10n.config({
      contents: {
        '{0} is {1} characters long after trimming; at most {2} are allowed (remove {3}).': '{0} hat {1} Zeichen; höchstens {2} sind erlaubt ({3} entfernen).',
      },
    });
    assert.equal(checkNote('x'.repeat(4001)), 'note hat 4.001 Zeichen; höchstens 4.000 sind erlaubt (1 entfernen).');
    const result = validateFeedback({ endpoint: 'scrape', jobId: '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4', rating: 'bad', note: 'x'.repeat(4001) });
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : (result.problems[0]?.message ?? ''), /^note hat 4\.001 Zeichen/);
  });

  test('"just now" and the wait phrases', () => {
    l10n.config({
      contents: {
        'just now': 'gerade eben',
        [withComment('in {0} min', '{0} minutes')]: 'in {0} Min.',
      },
    });
    assert.equal(formatAgo(1_000, 2_000), 'gerade eben');
    assert.equal(waitText(600_000), 'in 10 Min.');
  });

  test('an image without a description: its link text is translated, and a translation stays text', () => {
    l10n.config({ contents: { [withComment('image', 'the text of a link to an image that has no description')]: '*Bild* [x](command:y)' } });
    assert.equal(sanitizeMarkdown('![](https://img.example/p.png)'), '[\\*Bild\\* \\[x\\]\\(command\\:y\\)](https://img.example/p.png)');
  });

  test('English stays the source when no bundle is configured', () => {
    assert.equal(formatAgo(1_000, 2_000), 'just now');
    assert.equal(nextStepLabel('editAndRetry'), 'Edit and Retry');
    assert.equal(fieldLabel('note'), 'Note');
  });
});
