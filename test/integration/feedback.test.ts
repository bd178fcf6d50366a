// The feedback wizard inside a real extension host, against the sandbox started in this host on
// 127.0.0.1. The real QuickPick and InputBox are driven with the workbench's own quick-input
// commands (accept, next, back, close); the open page is read from the extension's test API, and
// text is typed through the page's `type` (the extension host cannot send key strokes).
// Notifications are recorded by replacing the show*Message functions of the shared `vscode` object.
// globalState is read with `until`: the host's Memento briefly shows an older value when the echo
// of an earlier write arrives after a newer one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/extension';
import type { FeedbackRunResult } from '../../src/features/feedback/ui/controller';
import { type OpenPage, QuickInputPrompter } from '../../src/features/feedback/ui/quickInputPrompter';
import { emptyDraft } from '../../src/features/feedback/model/draft';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { activateExtension, setApiUrl, until, useSandbox } from './helpers';
import { type Notice, type NoticeKind, type NoticeRecorder, recordNotices } from './notices';

const UNKNOWN_JOB = '5c0ffee0-1d2a-4b5c-8d6e-7f8091a2b3c4';

describe('feedback wizard', function () {
  this.timeout(60_000);
  let api: TestApi;
  let sandbox: Sandbox;
  let notices: NoticeRecorder;
  let shown: Notice[] = [];
  /** The button chosen at once on each kind of notification (null: it waits for the test's choose). */
  const answers: Partial<Record<NoticeKind, string | null>> = {};

  // ---- driving the real quick input ----

  const page = () => api.feedback.page;
  const title = (p: OpenPage | undefined) => p?.widget.title ?? '';

  async function pageTitled(pattern: RegExp): Promise<OpenPage> {
    const p = await until(`a page titled ${pattern}`, () => (pattern.test(title(page())) ? page() : undefined));
    // The widget exists in the extension host before the workbench renders it.
    if (p.kind === 'pick') await until(`${pattern} to render`, () => p.widget.activeItems.length > 0 || p.widget.items.length === 0);
    else await new Promise((resolve) => setTimeout(resolve, 50));
    return p;
  }

  /** Runs a quick-input command on `p` and waits for the next page (every answer replaces the widget). */
  async function act(p: OpenPage, command: string): Promise<void> {
    for (let attempt = 0; attempt < 3 && page() === p; attempt++) {
      await vscode.commands.executeCommand(command);
      await until('the page to change', () => page() !== p, 1_500).catch(() => undefined);
    }
    assert.notEqual(page(), p, `${command} did not leave '${title(p)}'`);
  }

  const accept = (p: OpenPage) => act(p, 'workbench.action.acceptSelectedQuickOpenItem');
  const back = (p: OpenPage) => act(p, 'workbench.action.quickInputBack');

  function activeLabel(p: OpenPage): string | undefined {
    return p.kind === 'pick' ? p.widget.activeItems[0]?.label : undefined;
  }

  /** Moves the highlight with the workbench's "next item" command until `label` is active, then accepts. */
  async function choose(pattern: RegExp, label: string): Promise<void> {
    const p = await pageTitled(pattern);
    assert.equal(p.kind, 'pick');
    for (let i = 0; i < 30 && activeLabel(p) !== label; i++) {
      const before = activeLabel(p);
      await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await until('the highlight to move', () => activeLabel(p) !== before, 2_000);
    }
    assert.equal(activeLabel(p), label, `could not reach '${label}' on '${title(p)}'`);
    await accept(p);
  }

  /** The job page once its list settled, and the job id Enter would take there (the box's text, or the highlighted job). */
  async function jobPage(): Promise<{ p: OpenPage; id: string | undefined }> {
    const p = await pageTitled(/Job id$/);
    if (p.kind === 'input') return { p, id: p.widget.value };
    await until('the job list to load', () => !p.widget.busy);
    const active = p.widget.activeItems[0];
    return { p, id: active?.detail ?? active?.label };
  }

  async function enterText(pattern: RegExp, text: string): Promise<OpenPage> {
    const p = await pageTitled(pattern);
    assert.equal(p.kind, 'input', `'${title(p)}' is not an input box`);
    p.type(text);
    await accept(p);
    return p;
  }

  const start = (args?: object) => vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.submitFeedback', args);

  /** scrape (or the given endpoint) → job id → bad → first common label → Continue → Send. */
  async function fastPath(args: { jobId: string; endpoint?: string }, pages: string[] = []): Promise<FeedbackRunResult> {
    const result = start(args);
    const record = (p: OpenPage) => pages.push(`${p.widget.step ?? '-'}/${p.widget.totalSteps ?? '-'} ${title(p)}`);
    let p = await pageTitled(/Endpoint$/);
    record(p);
    await accept(p);
    const job = await jobPage();
    record(job.p);
    assert.equal(job.id, args.jobId);
    await accept(job.p);
    record(await pageTitled(/Rating$/));
    await choose(/Rating$/, 'Bad');
    p = await pageTitled(/Issue labels$/);
    record(p);
    await accept(p);
    p = await pageTitled(/Issue labels$/);
    record(p);
    assert.match(activeLabel(p) ?? '', /^Continue with /);
    await accept(p);
    p = await pageTitled(/Review$/);
    record(p);
    assert.equal(activeLabel(p), 'Send feedback');
    await accept(p);
    return result;
  }

  const closeWizard = () => vscode.commands.executeCommand('workbench.action.closeQuickOpen');

  /** This window's draft and every draft it set aside: each test starts with none. */
  async function clearDrafts(): Promise<void> {
    const drafts = api.feedback.drafts;
    await drafts.clear();
    for (const aside of drafts.others().filter((d) => drafts.isSetAsideHere(d))) {
      await drafts.adopt(aside);
      await drafts.clear();
    }
    await drafts.settled();
  }

  before(async () => {
    api = await activateExtension();
    sandbox = await startSandbox();
    await useSandbox(api, sandbox);
    await (await api.loadFeedback()).drafts.clear();
    notices = recordNotices(['info', 'warning', 'error']);
    shown = notices.notices;
    // The note editor's notification stays up, as a real one does until chosen: the editor ends when closed.
    notices.answer = (notice) => (notice.message.startsWith('Firecrawl feedback: write the') ? null : answers[notice.kind]);
  });

  after(async () => {
    notices.restore();
    await closeWizard();
    await api.feedback.drafts.clear();
    await api.keys.clear();
    await setApiUrl(undefined);
    await sandbox.close();
  });

  beforeEach(async () => {
    shown.length = 0;
    delete answers.error;
    delete answers.warning;
    sandbox.setFeedbackMode('normal');
    sandbox.feedbackWindowSeconds = 120;
    sandbox.clearFaults();
    await clearDrafts();
  });

  afterEach(async () => {
    await closeWizard();
  });

  it('walks the fast path with the real quick input to a receipt, and refreshes credits after a refund', async () => {
    const job = sandbox.createV2Job('scrape', { costCredits: 8 });
    const creditsBefore = sandbox.getCredits()?.remainingCredits ?? 0;
    const creditReads = sandbox.requestCount('creditUsage');
    const pages: string[] = [];
    const result = await fastPath({ jobId: job }, pages);
    assert.equal(result.kind, 'sent', JSON.stringify(result));
    assert.deepEqual(pages, [
      '1/5 Firecrawl: Submit Feedback — Endpoint',
      '2/5 Firecrawl: Submit Feedback — Job id',
      '3/5 Firecrawl: Submit Feedback — Rating',
      '4/5 Firecrawl: Submit Feedback — Issue labels',
      '4/5 Firecrawl: Submit Feedback — Issue labels',
      '5/5 Firecrawl: Submit Feedback — Review',
    ]);
    const [submission] = sandbox.feedbackSubmissions().filter((s) => s.jobId === job);
    assert.ok(submission, 'the sandbox recorded the feedback');
    assert.deepEqual(
      { endpoint: submission.body.endpoint, rating: submission.body.rating, issues: submission.body.issues, integration: submission.body.integration },
      { endpoint: 'scrape', rating: 'bad', issues: ['missing-content'], integration: '_vscode' },
    );
    assert.match(String(submission.body.origin), /^firecrawl-vscode@/);
    assert.equal(submission.creditsRefunded, 2);
    // Another file's key change can leave its own notice up: the receipt is the one that says it.
    const receipt = shown.find((s) => s.kind === 'info' && s.message.startsWith('Feedback sent'));
    assert.match(receipt?.message ?? '', /^Feedback sent: 2 credits refunded\. Refunded today: \d+ of the 50-credit daily cap\.$/);
    await until('the credits status bar to refresh', () => sandbox.requestCount('creditUsage') > creditReads);
    assert.equal(sandbox.getCredits()?.remainingCredits, creditsBefore + 2);
    await until('the sent draft to be cleared', () => api.feedback.drafts.load() === undefined);
  });

  it("rating a result sets the window's unsent draft of another job aside: the next wizard offers it again", async () => {
    const earlier = sandbox.createV2Job('scrape');
    await api.feedback.drafts.save({ ...emptyDraft(earlier), endpoint: 'scrape', rating: 'bad', note: 'written before, not sent' });
    await api.feedback.drafts.settled();
    const rated = sandbox.createV2Job('scrape');
    const result = start({ endpoint: 'scrape', jobId: rated, rateResult: true });
    await choose(/Rating$/, 'Bad');
    await pageTitled(/Issue labels$/);
    await closeWizard();
    assert.equal((await result).kind, 'cancelled');
    await api.feedback.drafts.settled();
    assert.equal(api.feedback.drafts.load()?.draft.jobId, rated, "the rating is the window's draft now");
    const aside = api.feedback.drafts.others().filter((d) => api.feedback.drafts.isSetAsideHere(d));
    assert.deepEqual(
      aside.map((d) => d.draft.note),
      ['written before, not sent'],
    );
    // Leaves nothing behind for the tests after: taken back into an empty place, then cleared.
    await api.feedback.drafts.clear();
    for (const d of aside) {
      await api.feedback.drafts.adopt(d);
      await api.feedback.drafts.clear();
    }
    await api.feedback.drafts.settled();
  });

  it("rating a result whose job has the window's unsent draft starts from that draft: its note, labels and the page it names are kept", async () => {
    const rated = sandbox.createV2Job('scrape');
    const url = 'https://example.com/pricing#the-table';
    await api.feedback.drafts.save({ ...emptyDraft(rated), endpoint: 'scrape', rating: 'bad', issues: ['missing-content'], note: 'written before, not sent', url });
    await api.feedback.drafts.settled();
    const result = start({ endpoint: 'scrape', jobId: rated, rateResult: true, url: 'https://example.com/pricing' });
    await choose(/Rating$/, 'Bad');
    await pageTitled(/Issue labels$/);
    await closeWizard();
    assert.equal((await result).kind, 'cancelled');
    await api.feedback.drafts.settled();
    const kept = api.feedback.drafts.load()?.draft;
    assert.deepEqual([kept?.jobId, kept?.note, kept?.issues, kept?.url], [rated, 'written before, not sent', ['missing-content'], url]);
    await api.feedback.drafts.clear();
    await api.feedback.drafts.settled();
  });

  it('a wizard a newer one replaced shows no page over it (its note editor may still have been open)', async () => {
    const replaced = new QuickInputPrompter(async () => 'written in the editor');
    replaced.dispose();
    const answer = await replaced.pick({ title: 'Firecrawl: Submit Feedback — Note', placeholder: '', canGoBack: true, options: [{ key: 'a', value: 'a', label: 'A' }] });
    assert.equal(answer.kind, 'cancel');
    assert.equal(replaced.page, undefined, 'nothing was shown');
  });

  it('Back keeps every value; closing the wizard sends nothing and keeps what its box held', async () => {
    const job = sandbox.createV2Job('parse');
    const sent = sandbox.feedbackSubmissions().length;
    const result = start({ jobId: job });
    await choose(/Endpoint$/, 'Parse');
    await accept(await pageTitled(/Job id$/));
    await choose(/Rating$/, 'Partial');
    let p = await pageTitled(/Issue labels$/);
    await back(p);
    p = await pageTitled(/Rating$/);
    assert.equal(activeLabel(p), 'Partial');
    await back(p);
    p = await pageTitled(/Job id$/);
    assert.equal(p.kind === 'input' && p.widget.value, job);
    p.type('half-typed');
    await back(p);
    p = await pageTitled(/Endpoint$/);
    assert.equal(activeLabel(p), 'Parse');
    assert.equal(p.widget.buttons.length, 0, 'the first page has no Back button');
    await accept(p);
    p = await pageTitled(/Job id$/);
    assert.equal(p.kind === 'input' && p.widget.value, 'half-typed');
    assert.match(String(p.kind === 'input' && (typeof p.widget.validationMessage === 'string' ? p.widget.validationMessage : p.widget.validationMessage?.message)), /not a UUID/);
    // Escape keeps what the box holds as it closes, as Back does.
    p.type('half-typed-more');
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });
    assert.equal(sandbox.feedbackSubmissions().length, sent, 'nothing was sent');
    await until('the draft to be kept', () => api.feedback.drafts.load()?.draft.jobId === 'half-typed-more');
  });

  it('a wizard replaced on a page keeps what the page held, and the newer wizard offers it to resume', async () => {
    const job = sandbox.createV2Job('parse');
    const first = start({ jobId: job });
    await choose(/Endpoint$/, 'Parse');
    const p = await pageTitled(/Job id$/);
    assert.equal(p.kind, 'input');
    p.type('typed-before-the-next-wizard');
    const second = start();
    const next = await until('the newer wizard', () => (page() && page() !== p ? page() : undefined));
    assert.deepEqual(await first, { kind: 'cancelled' });
    assert.match(title(next), /Endpoint$/);
    await choose(/Endpoint$/, 'Resume unsent feedback');
    const review = await pageTitled(/Review$/);
    // The review lists the problems first (one of them the job id), then the values.
    const values = review.kind === 'pick' ? review.widget.items.filter((i) => i.label === 'Job id' && i.description) : [];
    assert.deepEqual(
      values.map((i) => i.description),
      ['typed-before-the-next-wizard'],
    );
    await closeWizard();
    assert.deepEqual(await second, { kind: 'cancelled' });
  });

  it("a wizard replaced while its note editor is open saves, when that editor closes, beside the newer wizard's draft, never over it", async () => {
    const older = sandbox.createV2Job('scrape');
    // A note of two lines: the note page offers the editor as a choice (an input box's button cannot be pressed from here).
    await api.feedback.drafts.save({ ...emptyDraft(older), endpoint: 'scrape', rating: 'bad', note: 'line one\nline two' });
    await api.feedback.drafts.settled();
    const first = start({ endpoint: 'scrape', jobId: older, rateResult: true });
    await choose(/Rating$/, 'Bad');
    await choose(/Issue labels$/, 'Write a note instead…');
    await choose(/Note$/, 'Edit it in an editor…');
    const editor = await until('the note editor', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.isUntitled && e.document.getText() === 'line one\nline two' ? e : undefined;
    });
    const whole = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(whole, 'typed in the older note editor')));

    // A newer wizard, its note editor still open: the newer one is written and closed first.
    const newer = sandbox.createV2Job('map');
    const second = start({ jobId: newer });
    await choose(/Endpoint$/, 'Map');
    await pageTitled(/Job id$/);
    await closeWizard();
    assert.deepEqual(await second, { kind: 'cancelled' });
    await api.feedback.drafts.settled();
    await until("the newer wizard's draft", () => api.feedback.drafts.load()?.draft.jobId === newer);

    // Then the older note editor is closed: its wizard goes on, finds itself replaced, and ends.
    await vscode.window.showTextDocument(editor.document, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.deepEqual(await first, { kind: 'cancelled' });
    await api.feedback.drafts.settled();
    const drafts = api.feedback.drafts;
    assert.deepEqual([drafts.load()?.draft.jobId, drafts.load()?.draft.endpoint], [newer, 'map'], "the newer wizard's draft is still the window's");
    const aside = await until('the older note set aside', () => drafts.others().find((d) => drafts.isSetAsideHere(d) && d.draft.note === 'typed in the older note editor'));
    assert.equal(aside.draft.jobId, older);
  });

  it('warns when feedback was already submitted for the job', async () => {
    const job = sandbox.createV2Job('scrape');
    assert.equal((await fastPath({ jobId: job })).kind, 'sent');
    shown.length = 0;
    const again = await fastPath({ jobId: job });
    assert.equal(again.kind, 'sent');
    const warning = shown.find((s) => s.kind === 'warning');
    assert.match(
      warning?.message ?? '',
      /^Feedback was already recorded for this job: nothing more is refunded now; what the first sending refunded stands\. The first feedback stands: what was sent now was not stored\. .*Firecrawl says: Feedback was already submitted for this job; no additional refund issued\.$/,
    );
  });

  it('warns when the daily refund cap is reached', async () => {
    const today = sandbox.creditsRefundedToday();
    // Refunds are capped at 25 per job: enough jobs to reach the cap of 50 from wherever today stands.
    let warning: Notice | undefined;
    for (let i = 0; i < 3 && !warning; i++) {
      shown.length = 0;
      assert.equal((await fastPath({ jobId: sandbox.createV2Job('scrape', { costCredits: 400 }) })).kind, 'sent');
      warning = shown.find((s) => s.kind === 'warning');
    }
    assert.ok(today < 50);
    assert.match(warning?.message ?? '', /Refunded today: 50 of the 50-credit daily cap\. Firecrawl says: Daily refund cap of 50 credits reached/);
  });

  describe('every failure, with the draft kept', () => {
    const cases: Array<{ name: string; setup: () => string | { jobId: string; endpoint: string } | Promise<string>; message: RegExp; actions: string[] }> = [
      {
        name: 'INVALID_BODY (details from the server)',
        setup: () => {
          sandbox.fault({
            route: 'feedback',
            kind: 'status',
            status: 400,
            body: { success: false, error: 'Invalid request body', feedbackErrorCode: 'INVALID_BODY', details: [{ path: ['issues', 0], message: 'Invalid string: must match pattern' }] },
          });
          return sandbox.createV2Job('scrape');
        },
        message: /Firecrawl rejected the feedback: Issue label 1: Invalid string: must match pattern\./,
        actions: ['Edit and Retry'],
      },
      {
        name: 'INVALID_BODY (one invalid_union issue, as the current schema sends it)',
        setup: async () => {
          // The sandbox's own union-shaped answer to a note that is too long, replayed for this send.
          sandbox.feedbackIssueStyle = 'union';
          const raw = await fetch(`${sandbox.url}/v2/feedback`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${sandbox.keys.valid}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ endpoint: 'scrape', jobId: sandbox.demoV2Jobs.scrape, rating: 'bad', note: 'x'.repeat(4001) }),
          });
          sandbox.feedbackIssueStyle = 'flat';
          sandbox.fault({ route: 'feedback', kind: 'status', status: 400, body: await raw.json() });
          return sandbox.createV2Job('scrape');
        },
        message: /^Firecrawl rejected the feedback: Note: Too big: expected string to have <=4000 characters\. Choose Edit and Retry/,
        actions: ['Edit and Retry'],
      },
      { name: 'FEEDBACK_WINDOW_EXPIRED', setup: () => sandbox.demoV2Jobs.expiredScrape, message: /only within 2 minutes of the job/, actions: ['Edit and Retry'] },
      {
        name: 'FEEDBACK_WINDOW_EXPIRED (a deployment with a 300-second window)',
        setup: () => ((sandbox.feedbackWindowSeconds = 300), sandbox.createV2Job('scrape', { ageMs: 301_000 })),
        message: /Too late for this job: Firecrawl accepts feedback only within 5 minutes of the job\./,
        actions: ['Edit and Retry'],
      },
      { name: 'JOB_NOT_FOUND', setup: () => UNKNOWN_JOB, message: /found no scrape job 5c0ffee0-.* Check the job id/, actions: ['Edit and Retry'] },
      { name: 'JOB_NOT_FOUND (wrong endpoint)', setup: () => ({ jobId: sandbox.createV2Job('map'), endpoint: 'parse' }), message: /found no parse job/, actions: ['Edit and Retry'] },
      {
        name: 'PREVIEW_TEAM_NOT_ALLOWED',
        setup: () => (sandbox.setFeedbackMode('previewTeam'), sandbox.createV2Job('scrape')),
        message: /Preview teams cannot send feedback/,
        actions: ['Set API Key'],
      },
      { name: 'TEAM_OPTED_OUT', setup: () => (sandbox.setFeedbackMode('optedOut'), sandbox.createV2Job('scrape')), message: /turned off for your Firecrawl team/, actions: [] },
      { name: 'INTERNAL', setup: () => (sandbox.setFeedbackMode('internal'), sandbox.createV2Job('scrape')), message: /internal error on its side/, actions: ['Send Again', 'Edit and Retry'] },
      {
        name: 'DB_DISABLED',
        setup: () => (sandbox.setFeedbackMode('dbDisabled'), sandbox.createV2Job('scrape')),
        message: /runs without a database \(a self-hosted Firecrawl\)/,
        actions: ['Open Settings', 'Edit and Retry'],
      },
      {
        name: '401 from the client',
        setup: () => (sandbox.fault({ route: 'feedback', kind: 'status', status: 401 }), sandbox.createV2Job('scrape')),
        message: /rejected the API key \(401\)/,
        actions: ['Set API Key', 'Send Again'],
      },
      {
        name: '429 from the client',
        setup: () => (sandbox.fault({ route: 'feedback', kind: 'status', status: 429, retryAfterSeconds: 4 }), sandbox.createV2Job('scrape')),
        message: /rate limit was reached \(429\).*Send again in 4 s/,
        actions: ['Send Again', 'Edit and Retry'],
      },
      {
        name: 'network failure from the client',
        setup: () => (sandbox.fault({ route: 'feedback', kind: 'connectionReset' }), sandbox.createV2Job('scrape')),
        message: /The connection to Firecrawl at http:\/\/127\.0\.0\.1:\d+ broke off before an answer came, so the feedback may or may not have been recorded/,
        actions: ['Send Again', 'Open Settings'],
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const setup = await c.setup();
        const args = typeof setup === 'string' ? { jobId: setup } : setup;
        const result = await fastPath(args);
        assert.equal(result.kind, 'failed', JSON.stringify(result));
        assert.match(result.kind === 'failed' ? result.message : '', c.message);
        const error = await until('the error notification', () => shown.find((s) => s.kind === 'error' || s.kind === 'warning'));
        assert.match(error.message, c.message);
        assert.deepEqual(error.items, c.actions);
        const saved = await until('the draft to survive the failure', () => (api.feedback.drafts.load()?.draft.jobId === args.jobId ? api.feedback.drafts.load() : undefined));
        assert.equal(saved.draft.issues.length, 1);
      });
    }

    it('SEARCH_NOT_FOUND and SEARCH_FAILED (search, bad, a better query typed in the box)', async () => {
      for (const [jobId, message] of [
        [UNKNOWN_JOB, /found no search job/],
        [sandbox.createV2Job('search', { failed: true }), /did not succeed, so it cannot receive feedback/],
      ] as const) {
        shown.length = 0;
        const result = start({ jobId, endpoint: 'search' });
        await accept(await pageTitled(/Endpoint$/));
        const job = await jobPage();
        assert.equal(job.id, jobId);
        await accept(job.p);
        await choose(/Rating$/, 'Bad');
        await choose(/What to tell$/, 'Suggest a better query');
        await enterText(/Query suggestions$/, 'firecrawl pricing');
        await accept(await pageTitled(/Review$/));
        const outcome = await result;
        assert.equal(outcome.kind, 'failed');
        assert.match(outcome.kind === 'failed' ? outcome.message : '', message);
        await until('the draft to be kept', () => api.feedback.drafts.load()?.draft.querySuggestions === 'firecrawl pricing');
      }
    });
  });

  it('"Edit and Retry" reopens the review with every value, and a fixed job id is sent', async () => {
    answers.error = 'Edit and Retry';
    const result = await fastPath({ jobId: UNKNOWN_JOB });
    assert.equal(result.kind, 'failed');
    delete answers.error;
    let p = await pageTitled(/Review$/);
    assert.equal(p.kind, 'pick');
    const rows = p.kind === 'pick' ? p.widget.items.map((i) => `${i.label}=${i.description ?? ''}`) : [];
    assert.ok(rows.includes('Endpoint=scrape'), rows.join(' | '));
    assert.ok(rows.includes(`Job id=${UNKNOWN_JOB}`));
    assert.ok(rows.includes('Rating=bad'));
    assert.ok(rows.includes('Issue labels=missing-content'));
    const job = sandbox.createV2Job('scrape');
    await choose(/Review$/, 'Job id');
    // The list offers the id entered before (and the new job); this time it is typed.
    await jobPage();
    await choose(/Job id$/, 'Paste a job id…');
    p = await enterText(/Job id$/, job);
    await accept(await pageTitled(/Review$/));
    await until('the receipt', () => shown.find((s) => s.kind !== 'error' && s.message.startsWith('Feedback sent')));
    assert.ok(sandbox.feedbackSubmissions().some((s) => s.jobId === job && (s.body.issues as string[])[0] === 'missing-content'));
    await until('the sent draft to be cleared', () => api.feedback.drafts.load() === undefined);
  });

  it('an unsent draft survives in globalState and is offered again by a fresh wizard', async () => {
    const failed = await fastPath({ jobId: UNKNOWN_JOB });
    assert.equal(failed.kind, 'failed');
    await until('the draft to be kept', () => api.feedback.drafts.load()?.draft.jobId === UNKNOWN_JOB);
    const result = start();
    const p = await pageTitled(/Endpoint$/);
    assert.equal(p.kind, 'pick');
    const resume = p.kind === 'pick' ? p.widget.items.find((i) => i.label === 'Resume unsent feedback') : undefined;
    assert.match(resume?.description ?? '', /^scrape · bad · 1 issue label$/);
    assert.notEqual(activeLabel(p), 'Resume unsent feedback', 'a new feedback stays the default');
    await choose(/Endpoint$/, 'Resume unsent feedback');
    const review = await pageTitled(/Review$/);
    assert.ok(review.kind === 'pick' && review.widget.items.some((i) => i.label === 'Job id' && i.description === UNKNOWN_JOB));
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });
  });

  it('a new feedback started over an unsent draft sets it aside: the next wizard offers it again', async () => {
    const earlier = sandbox.createV2Job('scrape');
    await api.feedback.drafts.save({ ...emptyDraft(earlier), endpoint: 'scrape', rating: 'bad', note: 'written before, not sent' });
    await api.feedback.drafts.settled();
    const result = start({ jobId: sandbox.createV2Job('map') });
    await choose(/Endpoint$/, 'Map');
    await pageTitled(/Job id$/);
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });
    await api.feedback.drafts.settled();
    const drafts = api.feedback.drafts;
    const offered = [drafts.load(), ...drafts.others()].filter((d) => d !== undefined).map((d) => d.draft.note);
    assert.ok(offered.includes('written before, not sent'), JSON.stringify(offered));
    assert.equal(drafts.load()?.draft.endpoint, 'map', "the new one is the window's draft");
  });

  /** The next feedback is refused as sent after the service's window. */
  const refuseAsTooLate = () =>
    sandbox.fault({
      route: 'feedback',
      kind: 'status',
      status: 409,
      body: { success: false, error: 'Feedback must be submitted within 120 seconds of the job.', feedbackErrorCode: 'FEEDBACK_WINDOW_EXPIRED' },
    });

  it('Send Again after an answer that never came, refused as too late, says the earlier attempt may have been recorded', async () => {
    const job = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'feedback', kind: 'connectionReset' });
    // The connection broke off with the feedback on its way: a warning, since it may have been recorded.
    answers.warning = 'Send Again';
    refuseAsTooLate();
    assert.equal((await fastPath({ jobId: job })).kind, 'failed');
    const tooLate = await until('the second answer', () => shown.find((s) => s.kind === 'warning' && s.message.startsWith('Too late')));
    assert.match(tooLate.message, /^Too late to send it again: .* The earlier attempt may have been recorded all the same/);
    assert.equal(shown.filter((s) => /broke off before an answer came/.test(s.message)).length, 1, 'the first failure only');
  });

  it('Send Again after a success answer that could not be read, refused as too late, says the earlier attempt may have been recorded', async () => {
    const job = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'feedback', kind: 'malformedJson' });
    answers.error = 'Send Again';
    refuseAsTooLate();
    assert.equal((await fastPath({ jobId: job })).kind, 'failed');
    const tooLate = await until('the second answer', () => shown.find((s) => s.kind === 'warning'));
    assert.match(tooLate.message, /^Too late to send it again: .* The earlier attempt may have been recorded all the same \(no answer that could be read came back\)/);
  });

  it("Edit and Retry after a gateway's 502, to the same job and refused as too late, says the earlier attempt may have been recorded", async () => {
    const job = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'feedback', kind: 'status', status: 502, body: '<html>Bad Gateway</html>' });
    // A gateway's answer is a warning: it may have been recorded.
    answers.warning = 'Edit and Retry';
    refuseAsTooLate();
    assert.equal((await fastPath({ jobId: job })).kind, 'failed');
    await accept(await pageTitled(/Review$/));
    const tooLate = await until('the second answer', () => shown.find((s) => s.kind === 'warning' && s.message.startsWith('Too late')));
    assert.match(tooLate.message, /^Too late to send it again: .* The earlier attempt may have been recorded all the same/);
  });

  it('a draft whose send got no answer, resumed in a later wizard and refused as too late, says the earlier attempt may have been recorded', async () => {
    const job = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'feedback', kind: 'connectionReset' });
    // The warning is dismissed: the draft stays, resumed later (in a window opened since, it might be).
    assert.equal((await fastPath({ jobId: job })).kind, 'failed');
    await until('the saved draft to remember the unanswered send', () => api.feedback.drafts.load()?.draft.unanswered?.jobId === job);
    refuseAsTooLate();
    const result = start();
    const first = await pageTitled(/Endpoint$/);
    const resume = first.kind === 'pick' ? first.widget.items.find((i) => i.label === 'Resume unsent feedback') : undefined;
    assert.equal(resume?.description, 'scrape · bad · 1 issue label · sent once, no answer came', 'it says so before it is sent again');
    await choose(/Endpoint$/, 'Resume unsent feedback');
    await accept(await pageTitled(/Review$/));
    assert.equal((await result).kind, 'failed');
    const tooLate = await until('the answer', () => shown.find((s) => s.message.startsWith('Too late')));
    assert.equal(tooLate.kind, 'warning');
    assert.match(tooLate.message, /^Too late to send it again: .* The earlier attempt may have been recorded all the same/);
  });

  /**
   * A feedback to `first` fails and its error stays open, chosen later as one left in the notification
   * centre; a second, to `second`, is written and left unsent; then `action` is chosen on the failure.
   */
  async function failedThenAnotherWritten(first: string, second: string, action: string): Promise<void> {
    answers.error = null;
    answers.warning = null;
    assert.equal((await fastPath({ jobId: first })).kind, 'failed');
    const failure = await until(`the failure offering ${action}`, () => shown.find((s) => (s.kind === 'error' || s.kind === 'warning') && s.items.includes(action)));
    const result = start({ jobId: second });
    await accept(await pageTitled(/Endpoint$/));
    await accept((await jobPage()).p);
    await choose(/Rating$/, 'Bad');
    await pageTitled(/Issue labels$/);
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });
    await until('the second draft saved', () => api.feedback.drafts.load()?.draft.jobId === second);
    failure.choose(action);
  }

  it('Send Again on an older failure keeps the feedback written since, and clears nothing of it', async () => {
    const first = sandbox.createV2Job('scrape');
    const second = sandbox.createV2Job('scrape');
    sandbox.fault({ route: 'feedback', kind: 'connectionReset' });
    await failedThenAnotherWritten(first, second, 'Send Again');
    await until('the first feedback sent again', () => shown.find((s) => s.message.startsWith('Feedback sent')));
    assert.ok(sandbox.feedbackSubmissions().some((s) => s.jobId === first));
    await api.feedback.drafts.settled();
    assert.equal(api.feedback.drafts.load()?.draft.jobId, second, 'the draft written since is kept');
  });

  it('Edit and Retry on an older failure reopens the feedback that failed; the one written since is set aside, offered to resume', async () => {
    // Refused for a job the service does not know: an error whose one next step is Edit and Retry.
    const first = UNKNOWN_JOB;
    const second = sandbox.createV2Job('scrape');
    await failedThenAnotherWritten(first, second, 'Edit and Retry');
    const review = await pageTitled(/Review$/);
    const rows = review.kind === 'pick' ? review.widget.items.map((i) => `${i.label}=${i.description ?? ''}`) : [];
    assert.ok(rows.includes(`Job id=${first}`), rows.join(' | '));
    assert.ok(rows.includes('Issue labels=missing-content'), rows.join(' | '));
    await closeWizard();
    const drafts = api.feedback.drafts;
    await until('the failed draft back in its place', () => drafts.load()?.draft.jobId === first);
    await drafts.settled();
    const aside = drafts.others().filter((d) => drafts.isSetAsideHere(d));
    assert.deepEqual(
      aside.map((d) => (d.draft.jobId === second ? 'second' : d.draft.jobId === first ? 'first' : d.draft.jobId)),
      ['second'],
      'the one written since is offered to resume; the failed one is not offered twice',
    );
  });

  it('Edit and Retry on an older failure after a newer feedback was sent: the failed one is back, offered once', async () => {
    answers.error = null;
    assert.equal((await fastPath({ jobId: UNKNOWN_JOB })).kind, 'failed');
    const failure = await until('the failure offering Edit and Retry', () => shown.find((s) => s.kind === 'error' && s.items.includes('Edit and Retry')));
    assert.equal((await fastPath({ jobId: sandbox.createV2Job('scrape') })).kind, 'sent');
    failure.choose('Edit and Retry');
    const review = await pageTitled(/Review$/);
    assert.ok(review.kind === 'pick' && review.widget.items.some((i) => i.label === 'Job id' && i.description === UNKNOWN_JOB));
    await closeWizard();
    const drafts = api.feedback.drafts;
    await until('the failed draft back in its place', () => drafts.load()?.draft.jobId === UNKNOWN_JOB);
    await drafts.settled();
    assert.deepEqual(
      drafts
        .others()
        .filter((d) => drafts.isSetAsideHere(d))
        .map((d) => d.draft.jobId),
      [],
      'the copy set aside when the newer one began is not offered beside it',
    );
  });

  it('offers the drafts other windows left too: one from a window since closed moves here when resumed', async () => {
    // A draft another window of this editor saved and left: its window wrote no attention file lately.
    const other = 'gone0001';
    const draftKey = `firecrawl.feedback.draft/${other}`;
    const storage = api.researchDeps.storage;
    await storage.update(draftKey, { version: 1, savedAt: Date.now() - 60_000, window: 'other-project', draft: { ...emptyDraft(UNKNOWN_JOB), endpoint: 'map', rating: 'good' } });
    try {
      const result = start();
      const p = await pageTitled(/Endpoint$/);
      const resumes = p.kind === 'pick' ? p.widget.items.filter((i) => i.label === 'Resume unsent feedback') : [];
      const fromClosed = resumes.find((i) => /in a window since closed \(other-project\); opens it for review\.$/.test(i.detail ?? ''));
      assert.ok(fromClosed, resumes.map((i) => i.detail).join(' | '));
      assert.match(fromClosed.description ?? '', /^map · good/);
      await closeWizard();
      assert.deepEqual(await result, { kind: 'cancelled' });
    } finally {
      await storage.update(draftKey, undefined);
    }
  });

  it('the editor context command starts with the selected job id', async () => {
    const job = sandbox.createV2Job('map');
    const document = await vscode.workspace.openTextDocument({ content: `{"id": "${job}", "success": true}` });
    const editor = await vscode.window.showTextDocument(document);
    const at = document.getText().indexOf(job);
    editor.selection = new vscode.Selection(document.positionAt(at), document.positionAt(at + job.length));
    const result = vscode.commands.executeCommand<FeedbackRunResult>('firecrawl.submitFeedbackForSelection');
    await accept(await pageTitled(/Endpoint$/));
    assert.equal((await jobPage()).id, job, 'the selected job has Enter');
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('the job page lists recent jobs from one read of the shared activity list when the wizard opens; a server without the list gets the box with one line', async () => {
    const job = sandbox.createV2Job('map', { target: 'https://docs.example.org/reference' });
    sandbox.resetCounts();
    let result = start();
    await choose(/Endpoint$/, 'Map');
    const list = await jobPage();
    assert.equal(list.p.kind, 'pick');
    assert.equal(list.id, job, 'the job just run has Enter');
    const row = list.p.kind === 'pick' ? list.p.widget.items.find((i) => i.detail === job) : undefined;
    assert.equal(row?.label, 'https://docs.example.org/reference');
    // The seconds left only once this server has stated its window (a FEEDBACK_WINDOW_EXPIRED earlier in the run); its age alone before.
    const window = api.feedback.windows.seconds(sandbox.url);
    assert.match(row?.description ?? '', window === undefined ? /^(just now|\d+s ago)$/ : /^(just now|\d+s ago) · \d+ s left$/);
    const queries = sandbox.requestsTo('activity').map((r) => r.query);
    assert.deepEqual(queries, ['limit=100'], 'one unfiltered read, whichever endpoints were highlighted');
    await closeWizard();
    assert.deepEqual(await result, { kind: 'cancelled' });

    // From here on this window remembers that the server has no list: the job page is the box.
    sandbox.selfHosted = true;
    try {
      result = start();
      await accept(await pageTitled(/Endpoint$/));
      const box = await until('the input box', () => (page() && page()!.kind === 'input' && /Job id$/.test(title(page())) ? page() : undefined));
      assert.match(box.kind === 'input' ? (box.widget.prompt ?? '') : '', /^The server at http:\/\/127\.0\.0\.1:\d+ does not list recent jobs \(self-hosted Firecrawl may not\)\. The job's id/);
      await closeWizard();
      assert.deepEqual(await result, { kind: 'cancelled' });
    } finally {
      sandbox.selfHosted = false;
    }
  });
});
