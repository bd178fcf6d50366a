// The person's answers about FIRECRAWL_API_URL addresses, on a model of globalState as VS Code shares it
// between windows (a write reaches the others about 0.1 s later, whole): a revocation lasts whatever
// older copy another window writes back, and Set API Key asks in a dialog even while the quiet
// question from start-up is still on screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EnvironmentUrlConsent, type UrlAnswer } from '../../../src/host/environmentUrlConsent';
import { STORAGE } from '../../../src/ids';
import { FakeClock } from '../../support/fakeClock';
import { EditorState } from '../../support/memoryFiles';

const SELF_HOSTED = 'http://self-hosted.example:3002';
const DEFAULT = 'https://api.firecrawl.dev';
const nobodyAsked = async (): Promise<UrlAnswer | undefined> => undefined;

describe('environment URL consent', () => {
  test('Forget lasts when another window writes globalState from its older copy a moment later', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    await state.window().update(STORAGE.environmentUrlAnswers, { [SELF_HOSTED]: 'allowed' });
    await clock.advance(1_000);
    const a = state.window();
    const b = state.window();
    const consentA = new EnvironmentUrlConsent(a as never, nobodyAsked, clock);
    const consentB = new EnvironmentUrlConsent(b as never, nobodyAsked, clock);
    await consentA.forget();
    await clock.advance(50);
    // Any write of window B (a feedback draft, the spike memory) carries its copy of every key.
    await b.update('firecrawl.feedback.draft.b', { note: 'x' });
    await clock.advance(120_000);
    assert.equal(consentA.allows(SELF_HOSTED), false, 'the revoked address stays revoked here');
    assert.equal(consentB.allows(SELF_HOSTED), false, 'and in the other window');
    consentA.dispose();
    consentB.dispose();
  });

  test('an answer lasts the same way', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const a = state.window();
    const b = state.window();
    const consentA = new EnvironmentUrlConsent(a as never, async () => 'allowed', clock);
    await consentA.ask(SELF_HOSTED, DEFAULT);
    await clock.advance(50);
    await b.update('firecrawl.feedback.draft.b', { note: 'x' });
    await clock.advance(120_000);
    assert.equal(consentA.allows(SELF_HOSTED), true);
    assert.equal(new EnvironmentUrlConsent(b as never, nobodyAsked, clock).allows(SELF_HOSTED), true);
    consentA.dispose();
  });

  test('Forget in one window a moment after a yes in another: the yes is not made again over it, in either window', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const a = state.window();
    const b = state.window();
    const consentB = new EnvironmentUrlConsent(b as never, async () => 'allowed', clock);
    await consentB.ask(SELF_HOSTED, DEFAULT);
    await clock.advance(20_000);
    const consentA = new EnvironmentUrlConsent(a as never, nobodyAsked, clock);
    assert.equal(consentA.allows(SELF_HOSTED), true, "window a has heard window b's yes");
    await consentA.forget();
    for (let t = 0; t < 120; t += 1) {
      await clock.advance(1_000);
      assert.equal(consentA.allows(SELF_HOSTED), false, `window a, ${t + 1} s after Forget`);
      assert.equal(consentB.allows(SELF_HOSTED), false, `window b, ${t + 1} s after Forget`);
    }
    // A yes given after the Forget stands, in both windows.
    const again = new EnvironmentUrlConsent(b as never, async () => 'allowed', clock);
    await again.ask(SELF_HOSTED, DEFAULT);
    await clock.advance(120_000);
    assert.equal(consentA.allows(SELF_HOSTED), true);
    for (const c of [consentA, consentB, again]) c.dispose();
  });

  test('Set API Key asks in a dialog while the quiet question from start-up is still open; a quiet ask comes once a session', async () => {
    const clock = new FakeClock();
    const asked: Array<boolean | undefined> = [];
    let answerDialog: ((answer: UrlAnswer) => void) | undefined;
    const consent = new EnvironmentUrlConsent(
      new EditorState(clock).window() as never,
      (_url, _meanwhile, modal) => {
        asked.push(modal);
        // The notification nobody acted on yet; the dialog is answered below.
        return new Promise<UrlAnswer | undefined>((resolve) => {
          if (modal) answerDialog = resolve;
        });
      },
      clock,
    );
    void consent.ask(SELF_HOSTED, DEFAULT);
    void consent.ask(SELF_HOSTED, DEFAULT);
    const dialog = consent.ask(SELF_HOSTED, DEFAULT, true);
    assert.deepEqual(asked, [false, true]);
    answerDialog?.('allowed');
    await dialog;
    assert.equal(consent.allows(SELF_HOSTED), true);
    consent.dispose();
  });

  test('an answer or a Forget given in another window is heard when this one looks again', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    await state.window().update(STORAGE.environmentUrlAnswers, { [SELF_HOSTED]: 'allowed' });
    await clock.advance(1_000);
    const a = new EnvironmentUrlConsent(state.window() as never, nobodyAsked, clock);
    const b = new EnvironmentUrlConsent(state.window() as never, nobodyAsked, clock);
    let heard = 0;
    b.onDidChange(() => heard++);
    b.lookAgain();
    assert.equal(heard, 0, 'nothing new');
    await a.forget();
    await clock.advance(1_000);
    b.lookAgain();
    assert.deepEqual([heard, b.allows(SELF_HOSTED)], [1, false]);
    b.lookAgain();
    assert.equal(heard, 1, 'once');
    a.dispose();
    b.dispose();
  });

  test('whether Forget has anything to forget: nothing kept, an answer, then nothing again', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const consent = new EnvironmentUrlConsent(state.window() as never, async () => 'refused', clock);
    assert.equal(consent.hasAnswers, false, 'a machine that was never asked');
    await consent.ask(SELF_HOSTED, DEFAULT);
    assert.equal(consent.hasAnswers, true, 'a no is kept too');
    await consent.forget();
    assert.equal(consent.hasAnswers, false);
    consent.dispose();
  });

  test('a yes is for the place it was given in: globalState is shared by every remote window, where localhost is another machine each time', async () => {
    const clock = new FakeClock();
    const state = new EditorState(clock);
    const LOCALHOST = 'http://localhost:3002';
    let asked = 0;
    const allow = async (): Promise<UrlAnswer> => ((asked += 1), 'allowed');
    const first = new EnvironmentUrlConsent(state.window() as never, allow, clock, () => 'container-6d792d7265706f');
    await first.ask(LOCALHOST, DEFAULT);
    assert.equal(first.allows(LOCALHOST), true);
    await clock.advance(1_000);
    const other = new EnvironmentUrlConsent(state.window() as never, allow, clock, () => 'container-636c6f6e6564');
    const local = new EnvironmentUrlConsent(state.window() as never, allow, clock);
    assert.equal(other.allows(LOCALHOST), false, 'another container: its own localhost, asked again');
    assert.equal(local.allows(LOCALHOST), false, 'this machine: asked again');
    await other.ask(LOCALHOST, DEFAULT);
    assert.equal(asked, 2);
    for (const c of [first, other, local]) c.dispose();
  });
});
