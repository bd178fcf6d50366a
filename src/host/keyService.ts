// The API key lives only in SecretStorage. FIRECRAWL_API_KEY from the extension host's environment
// is used when nothing is stored, and is never written anywhere.
import * as vscode from 'vscode';
import { trimKey } from '../api';
import { CONTEXT, SECRETS } from '../ids';
import { Emitter } from '../shared/events';
import { platform } from './platform';

const SECRET_NAME = SECRETS.apiKey;

export type KeySource = 'stored' | 'environment';

export interface ApiKey {
  value: string;
  source: KeySource;
}

export class ApiKeyService implements vscode.Disposable {
  private stored: string | undefined;
  /** Every key this window has held, so an answer echoing an earlier one is still redacted. */
  private readonly held = new Set<string>();
  private changedHereAt = -Infinity;
  private readonly changed = new Emitter<ApiKey | undefined>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: Readonly<Record<string, string | undefined>> = platform().env,
  ) {
    // Another window set or cleared the key: follow at once.
    this.subscription = secrets.onDidChange((e) => {
      // A keychain that does not answer keeps what this window had: the next change reads again.
      if (e.key === SECRET_NAME) this.reload().catch(() => undefined);
    });
  }

  private loading: Promise<void> | undefined;
  /** Counts this window's own writes, so a read begun before one cannot undo it. */
  private writes = 0;
  private loaded = false;

  /**
   * Reads the stored key once; activation does not wait for it (SecretStorage is a round trip to the
   * workbench, or to the OS keychain). Not a change: nothing that starts after `ready` has seen another key.
   */
  initialize(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const stored = (await this.secrets.get(SECRET_NAME)) || undefined;
        // A key set while this read was under way is newer than what it read.
        if (!this.loaded) this.stored = stored;
      } catch {
        // A keychain that does not answer: the environment's key, if any, still serves, and the views
        // and palette must still learn whether there is a key.
      } finally {
        this.loaded = true;
      }
      await vscode.commands.executeCommand('setContext', CONTEXT.hasApiKey, this.current !== undefined);
    })();
    return this.loading;
  }

  /** Resolves once the stored key has been read (or could not be). */
  get ready(): Promise<void> {
    return this.initialize().catch(() => undefined);
  }

  /** Whether the stored key has been read: until then `current` may be missing a key that exists. */
  get isReady(): boolean {
    return this.loaded;
  }

  get current(): ApiKey | undefined {
    if (this.stored) return { value: this.stored, source: 'stored' };
    const fromEnv = this.env.FIRECRAWL_API_KEY === undefined ? undefined : trimKey(this.env.FIRECRAWL_API_KEY);
    return fromEnv ? { value: fromEnv, source: 'environment' } : undefined;
  }

  /** The current key and every one held before it in this session, for redaction only. */
  get heldKeys(): readonly string[] {
    const current = this.current?.value;
    if (current) this.held.add(current);
    return [...this.held];
  }

  /** Whether this window set or cleared the key in the last few seconds (every window follows; this one acted). */
  get changedHere(): boolean {
    return Date.now() - this.changedHereAt < 10_000;
  }

  async store(value: string): Promise<void> {
    const key = trimKey(value);
    this.changedHereAt = Date.now();
    this.writes += 1;
    // A write that failed changed nothing: another window's change read meanwhile still counts.
    await this.secrets.store(SECRET_NAME, key).then(undefined, (error: unknown) => this.afterFailedWrite(error));
    // Take the value we wrote rather than reading it back: in a web host the read can lag the write.
    await this.adopt(key);
  }

  async clear(): Promise<void> {
    this.changedHereAt = Date.now();
    this.writes += 1;
    await this.secrets.delete(SECRET_NAME).then(undefined, (error: unknown) => this.afterFailedWrite(error));
    await this.adopt(undefined);
  }

  private afterFailedWrite(error: unknown): never {
    this.reload().catch(() => undefined);
    throw error;
  }

  private async reload(): Promise<void> {
    // A read that began before this window's own write may answer with the value the write replaced.
    const writes = this.writes;
    const value = (await this.secrets.get(SECRET_NAME)) || undefined;
    if (writes === this.writes) await this.adopt(value);
  }

  private async adopt(next: string | undefined): Promise<void> {
    this.loaded = true;
    if (next === this.stored) return;
    // The key being replaced (heldKeys adds each key while it is current, before it can be echoed).
    if (this.stored) this.held.add(this.stored);
    this.stored = next;
    await this.publish();
  }

  private async publish(): Promise<void> {
    await vscode.commands.executeCommand('setContext', CONTEXT.hasApiKey, this.current !== undefined);
    this.changed.fire(this.current);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
