// Whether the key from secret storage may go to an address FIRECRAWL_API_URL names. The setting
// firecrawl.apiUrl is the person's own choice (application-scoped, so no workspace can set it);
// the environment is not: a repository's devcontainer or a Codespace sets it. So the stored key
// goes there only after the person said yes to that address, shown to them; the answer is kept on
// this machine (not synced: environments differ per machine) until Forget… revokes it.
import type * as vscode from 'vscode';
import { STORAGE } from '../ids';
import { Emitter } from '../shared/events';

export type UrlAnswer = 'allowed' | 'refused';

/** Asks the person about one address; undefined when they dismissed the question. `modal` when something waits on the answer. */
export type UrlQuestion = (url: string, meanwhile: string, modal?: boolean) => Thenable<UrlAnswer | undefined>;

export class EnvironmentUrlConsent implements vscode.Disposable {
  private readonly changed = new Emitter<void>();
  /** Each address is asked about once per session at most, however often the URL is resolved. */
  private readonly asked = new Set<string>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    /** The question itself (features/connection): it loads with the key input, when first asked. */
    private readonly question: UrlQuestion,
  ) {}

  private answers(): Record<string, UrlAnswer> {
    const value = this.state.get<unknown>(STORAGE.environmentUrlAnswers);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, UrlAnswer>) : {};
  }

  /** Only `allowed` lets the key go; anything else kept (a damaged entry too) means "asked already". */
  answerFor(url: string): UrlAnswer | undefined {
    return this.answers()[url];
  }

  allows(url: string): boolean {
    return this.answerFor(url) === 'allowed';
  }

  /** Asks about `url` unless it was answered, or asked this session; an answer is kept and announced. */
  async ask(url: string, meanwhile: string, modal = false): Promise<void> {
    if (this.answerFor(url) || this.asked.has(url)) return;
    this.asked.add(url);
    const answer = await this.question(url, meanwhile, modal);
    if (!answer) return;
    await this.state.update(STORAGE.environmentUrlAnswers, { ...this.answers(), [url]: answer });
    this.changed.fire();
  }

  /** Forgets every answer: the stored key goes to no environment address until asked again. */
  async forget(): Promise<void> {
    this.asked.clear();
    await this.state.update(STORAGE.environmentUrlAnswers, undefined);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
