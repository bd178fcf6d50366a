// Whether the key from secret storage may go to an address FIRECRAWL_API_URL names. The setting
// firecrawl.apiUrl is the person's own choice (application-scoped, so no workspace can set it);
// the environment is not: a repository's devcontainer or a Codespace sets it. So the stored key
// goes there only after the person said yes to that address, shown to them; the answer is kept
// until Forget… revokes it, for the place it was given in: globalState is the local client's, shared
// by every remote window (SSH, WSL, each dev container), where "localhost" is another machine each time.
import type * as vscode from 'vscode';
import { STORAGE } from '../ids';
import { type Clock, systemClock } from '../shared/clock';
import { Emitter } from '../shared/events';
import { SettledWrites } from '../shared/settledState';

export type UrlAnswer = 'allowed' | 'refused';

/**
 * What Forget… leaves in the record, a new mark each time, kept with the answers given after it: a
 * window that finds its answer gone under a new mark knows it was revoked, not lost to another window's
 * older copy; the window that forgot knows such a copy by its older mark, or none. (No answer's name
 * is a single word: each is named by its URL.)
 */
const FORGOTTEN = 'forgotten';

function newMark(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The mark of the last Forget… a record holds (each Forget… leaves a new one), if any. */
function markOf(value: unknown): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[FORGOTTEN] : undefined;
}

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
    /** The machine this extension host runs on, by its name ('' where none can be read, as in a browser); asked on first use. */
    private readonly place: () => string = () => '',
  ) {
    this.writes = new SettledWrites(state, clock);
    this.seen = JSON.stringify(this.answers());
  }

  /** The answers as this window last acted on them. */
  private seen: string;

  /** The record as kept: the answers by name, and Forget's mark once there was one. */
  private record(): Record<string, unknown> {
    const value = this.state.get<unknown>(STORAGE.environmentUrlAnswers);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }

  private answers(): Record<string, UrlAnswer> {
    const { [FORGOTTEN]: _mark, ...answers } = this.record();
    return answers as Record<string, UrlAnswer>;
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
    return this.answers()[this.keyOf(url)];
  }

  /** An answer's name in the record: the address, after the machine it was given on. */
  private keyOf(url: string): string {
    this.machine ??= this.place();
    return this.machine ? `${this.machine} ${url}` : url;
  }

  private machine: string | undefined;

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
    const key = this.keyOf(url);
    const record = this.record();
    // Made again while the answer is missing, unless a Forget… since took it away.
    const lost = (current: unknown) => !(current && typeof current === 'object' && key in current) && markOf(current) === markOf(record);
    await this.writes.write(STORAGE.environmentUrlAnswers, { ...record, [key]: answer }, lost);
    this.seen = JSON.stringify(this.answers());
    this.changed.fire();
  }

  /** Forgets every answer: the stored key goes to no environment address until asked again. */
  async forget(): Promise<void> {
    this.asked.clear();
    // A revocation must last, whatever older copy another window writes back (one without the mark);
    // an answer given after it (with the mark) stands.
    const before = markOf(this.record());
    await this.writes.write(STORAGE.environmentUrlAnswers, { [FORGOTTEN]: newMark() }, (current) => markOf(current) === before);
    this.seen = JSON.stringify(this.answers());
    this.changed.fire();
  }

  dispose(): void {
    this.writes.dispose();
    this.changed.dispose();
  }
}
