// The extension's notifications, recorded instead of shown: the extension host cannot click a button.
// Each waits for the test to choose, or is answered at once by the recorder's `answer` (which can
// leave some waiting: a notification the test answers later, as a person who looks at it later).
import * as vscode from 'vscode';

export type NoticeKind = 'info' | 'warning' | 'error';

export interface Notice {
  kind: NoticeKind;
  message: string;
  /** The buttons' titles. */
  items: string[];
  modal: boolean;
  /** Settles it as a click on `item` would (undefined: as if closed). */
  choose(item: string | undefined): void;
}

export interface NoticeRecorder {
  readonly notices: Notice[];
  /**
   * A button chosen at once for each notification from now on (undefined: closed; null: it waits for
   * `choose`); unset, each waits for `choose`.
   */
  answer: ((notice: Notice) => string | undefined | null) | undefined;
  /** What each said, in order. */
  messages(): string[];
  /** Shows notifications again. */
  restore(): void;
}

const SHOW = { info: 'showInformationMessage', warning: 'showWarningMessage', error: 'showErrorMessage' } as const;

export function recordNotices(kinds: readonly NoticeKind[] = ['info']): NoticeRecorder {
  const window = vscode.window as unknown as Record<string, unknown>;
  const originals = kinds.map((kind) => [SHOW[kind], window[SHOW[kind]]] as const);
  const recorder: NoticeRecorder = {
    notices: [],
    answer: undefined,
    messages: () => recorder.notices.map((n) => n.message),
    restore: () => {
      for (const [name, show] of originals) window[name] = show;
    },
  };
  for (const kind of kinds) {
    window[SHOW[kind]] = (message: string, ...rest: unknown[]) => {
      // The extension passes buttons as strings, after an optional MessageOptions ({ modal }).
      const options = rest[0] !== null && typeof rest[0] === 'object' ? (rest.shift() as vscode.MessageOptions) : undefined;
      const items = rest.filter((i): i is string => typeof i === 'string');
      return new Promise<string | undefined>((choose) => {
        const notice: Notice = { kind, message, items, modal: options?.modal === true, choose };
        recorder.notices.push(notice);
        const chosen = recorder.answer?.(notice);
        if (chosen !== null && recorder.answer) choose(chosen);
      });
    };
  }
  return recorder;
}
