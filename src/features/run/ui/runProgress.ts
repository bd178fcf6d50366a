// A run in progress: VS Code's progress notification with Cancel. Cancel aborts the request, and the
// client never retries a POST, so an aborted run is not sent (or billed) again behind the person's back.
import * as vscode from 'vscode';

/** Each run in progress, cancelled as its notification's Cancel does. */
const running = new Set<AbortController>();

/** Cancels every run in progress, as their Cancel buttons do: for tests (the extension host cannot click). */
export function cancelRunsInProgress(): number {
  for (const controller of running) controller.abort();
  return running.size;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function withRunProgress<T>(title: string, work: (signal: AbortSignal, report: (message: string) => void) => Promise<T>): Promise<Outcome<T>> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const cancelled = token.onCancellationRequested(() => controller.abort());
    running.add(controller);
    try {
      return { ok: true as const, value: await work(controller.signal, (message) => progress.report({ message })) };
    } catch (error) {
      return { ok: false as const, error };
    } finally {
      cancelled.dispose();
      running.delete(controller);
    }
  });
}
