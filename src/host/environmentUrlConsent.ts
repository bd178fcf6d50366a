// Whether the key from secret storage may go to an address FIRECRAWL_API_URL names. The setting
// firecrawl.apiUrl is the person's own choice (application-scoped, so no workspace can set it);
// the environment is not: a repository's devcontainer or a Codespace sets it. So the stored key
// goes there only after the person said yes to that address, shown to them; the answer is kept on
// this machine (not synced: environments differ per machine) until Forget… revokes it.
import type * as vscode from 'vscode';
import { STORAGE } from '../ids';
import { type Clock, systemClock } from '../shared/clock';
import { Emitter } from '../shared/events';
import { SettledWrites } from '../shared/settledState';

export type UrlAnswer = 'allowed' | 'refused';

/** Asks the person about one address; undefined when they dismissed the question. `modal` when something waits on the answer. */
export type UrlQuestion = (url: string, meanwhile: string, modal?: boolean) => Thenable<UrlAnswer | undefined>;

export class EnvironmentUrlConsent implements vscode.Disposable {
  private readonly changed = new Emitter<void>();
  /** Each address is asked about once per session at most, however often the URL is resolved. */
  private readonly asked = new Set<string>();
  readonly onDidChange = this.changed.event;
  /**
   * Another window writing globalState from an older copy can take a write back (settledState.ts):
   * a revoked address would be allowed again. Each write is looked at again and made again.
   */
  private readonly writes: SettledWrites;

  constructor(
    private readonly state: vscode.Memento,
    /** The question itself (features/connection): it loads with the key input, when first asked. */
    private readonly question: UrlQuestion,
    clock: Clock = systemClock,
  ) {
    this.writes = new SettledWrites(state, clock);
    this.seen = JSON.stringify(this.answers());
  }

  /** The answers as this window last acted on them. */
  private seen: string;

  private answers(): Record<string, UrlAnswer> {
    const value = this.state.get<unknown>(STORAGE.environmentUrlAnswers);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, UrlAnswer>) : {};
  }

  /**
   * Hears an answer or a Forget given in another window: globalState has no change event, so this
   * looks (cheaply) whenever the window has a reason to look again (focus, the team's beat).
   */
  lookAgain(): void {
    const now = JSON.stringify(this.answers());
    if (now === this.seen) return;
    this.seen = now;
    this.changed.fire();
  }

  /** Whether any answer (or damaged entry) is kept: what Forget… would remove. */
  get hasAnswers(): boolean {
    return Object.keys(this.answers()).length > 0;
  }

  /** Only `allowed` lets the key go; anything else kept (a damaged entry too) means "asked already". */
  answerFor(url: string): UrlAnswer | undefined {
    return this.answers()[url];
  }

  allows(url: string): boolean {
    return this.answerFor(url) === 'allowed';
  }

  /**
   * Asks about `url` unless it was answered, or (without `modal`) asked this session; an answer is kept
   * and announced. `modal` is something waiting on the answer (Set API Key): it asks even while an
   * earlier, non-modal question is still on screen or was dismissed.
   */
  async ask(url: string, meanwhile: string, modal = false): Promise<void> {
    if (this.answerFor(url) || (!modal && this.asked.has(url))) return;
    this.asked.add(url);
    const answer = await this.question(url, meanwhile, modal);
    if (!answer || this.answerFor(url)) return;
    // Made again while the address lacks an answer (another window's older copy took it away); an
    // answer given there since stands.
    await this.writes.write(STORAGE.environmentUrlAnswers, { ...this.answers(), [url]: answer }, (current) => !(current && typeof current === 'object' && url in current));
    this.seen = JSON.stringify(this.answers());
    this.changed.fire();
  }

  /** Forgets every answer: the stored key goes to no environment address until asked again. */
  async forget(): Promise<void> {
    this.asked.clear();
    // A revocation must last, whatever older copy another window writes back.
    await this.writes.write(STORAGE.environmentUrlAnswers, undefined);
    this.seen = JSON.stringify(this.answers());
    this.changed.fire();
  }

  dispose(): void {
    this.writes.dispose();
    this.changed.dispose();
  }
}
