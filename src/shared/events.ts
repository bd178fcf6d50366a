// A minimal event emitter so stores stay free of `vscode` and testable in plain Node.
// Its shape matches vscode.Event, so views can pass store events straight to VS Code APIs.

export interface Disposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => Disposable;

/** Whether a window of this editor has focus: stores poll only while someone is looking. */
export interface FocusSource {
  readonly focused: boolean;
  readonly onDidChange: Event<boolean>;
}

export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // One broken listener must not starve the others.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** Owns disposables and disposes them once, newest first. */
export class DisposableStore implements Disposable {
  private items: Disposable[] = [];
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const item of this.items.reverse()) item.dispose();
    this.items = [];
  }
}

/** A promise and the function that settles it, for waits that something else ends. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A class that owns what it registers (subscriptions, emitters, timers) and disposes it once, newest first. */
export abstract class DisposableBase implements Disposable {
  private readonly owned = new DisposableStore();

  protected _register<T extends Disposable>(item: T): T;
  protected _register(...items: Disposable[]): void;
  protected _register(...items: Disposable[]): Disposable | undefined {
    for (const item of items) this.owned.add(item);
    return items[0];
  }

  dispose(): void {
    this.owned.dispose();
  }
}
