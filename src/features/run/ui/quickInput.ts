// One page of a run's prompts: an input box or a pick with a title, a step counter and Back. Each
// resolves once: what was accepted, Back, or cancel (Escape or focus lost), so a cancelled prompt
// sends nothing and Back returns to the page before with its value kept.
import * as vscode from 'vscode';
import { formatExact } from '../../../shared/format';
import { inputBoxLine } from '../../../shared/text';

let open: vscode.QuickInput | undefined;

/** The prompt on screen, for tests that drive the real widgets (the extension host cannot type). */
export function openPrompt(): vscode.QuickInput | undefined {
  return open;
}

function track(input: vscode.QuickInput): void {
  open = input;
  input.onDidHide(() => {
    if (open === input) open = undefined;
  });
}

/** A `validate` for text the service takes up to `max` characters of (trimmed). */
export function tooLong(text: string, max: number): string | undefined {
  const length = text.trim().length;
  // The count tells how much to cut from a paste that ran long.
  return length > max ? vscode.l10n.t('This is {0} characters long; at most {1} are allowed (remove {2}).', formatExact(length), formatExact(max), formatExact(length - max)) : undefined;
}

/** Back from an input box carries what it held, so the page can offer it again on return. */
export type Asked<T> = { kind: 'accept'; value: T } | { kind: 'back'; text?: string } | { kind: 'cancel' };

export interface PageFrame {
  title: string;
  step?: number;
  totalSteps?: number;
  canGoBack?: boolean;
}

export interface TextPage extends PageFrame {
  value?: string;
  prompt?: string;
  placeholder?: string;
  /** A problem with the text, shown under it; Enter does nothing while there is one. */
  validate?: (text: string) => string | undefined;
  /** Said when Enter is pressed on blank text, which is then not an answer; the box stays as it is. */
  required?: string;
  /** Told what the box held when it closed without an answer (Escape), to offer it again next time. */
  keep?: (text: string) => void;
}

function frame(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, page: PageFrame): void {
  input.title = page.title;
  input.step = page.step;
  input.totalSteps = page.totalSteps;
  input.buttons = page.canGoBack ? [vscode.QuickInputButtons.Back] : [];
  input.ignoreFocusOut = true;
}

export function askText(page: TextPage): Promise<Asked<string>> {
  const box = vscode.window.createInputBox();
  frame(box, page);
  const given = page.value ?? '';
  const shown = inputBoxLine(given);
  // A value of several lines (a selection) is shown on one line; left as shown, it answers with its own lines.
  const answer = () => (box.value === shown ? given : box.value);
  box.value = shown;
  box.prompt = page.prompt;
  box.placeholder = page.placeholder;
  const check = () => {
    box.validationMessage = page.validate?.(answer());
  };
  check();
  track(box);
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Asked<string>) => {
      if (done) return;
      done = true;
      resolve(answer);
      box.dispose();
    };
    box.onDidChangeValue(check);
    box.onDidAccept(() => {
      check();
      if (box.validationMessage !== undefined) return;
      if (page.required && !box.value.trim()) box.validationMessage = page.required;
      else finish({ kind: 'accept', value: answer() });
    });
    box.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back', text: answer() });
    });
    box.onDidHide(() => {
      if (!done) page.keep?.(answer());
      finish({ kind: 'cancel' });
    });
    box.show();
  });
}

export interface PickPage<T> extends PageFrame {
  placeholder?: string;
  items: ReadonlyArray<vscode.QuickPickItem & { value: T }>;
  /** Several may be checked; Enter accepts the checked ones (none is an answer too). */
  many?: boolean;
  /** Buttons beside the title besides Back, each answering with its value. */
  actions?: ReadonlyArray<{ button: vscode.QuickInputButton; value: T[] | T }>;
  active?: T;
  /** Checked when the pick opens (it comes back after No to scraping them, say). */
  selected?: readonly T[];
}

export function askPick<T>(page: PickPage<T> & { many: true }): Promise<Asked<T[]>>;
export function askPick<T>(page: PickPage<T>): Promise<Asked<T>>;
export function askPick<T>(page: PickPage<T>): Promise<Asked<T | T[]>> {
  type Item = vscode.QuickPickItem & { value: T };
  const pick = vscode.window.createQuickPick<Item>();
  frame(pick, page);
  if (page.actions?.length) pick.buttons = [...pick.buttons, ...page.actions.map((a) => a.button)];
  pick.placeholder = page.placeholder;
  pick.canSelectMany = page.many === true;
  // Titles and descriptions come from pages: matched as text, never rendered.
  pick.matchOnDescription = true;
  pick.items = page.items;
  const active = page.items.find((i) => i.value === page.active);
  if (active) pick.activeItems = [active];
  if (page.selected?.length) pick.selectedItems = page.items.filter((i) => page.selected!.includes(i.value));
  track(pick);
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: Asked<T | T[]>) => {
      if (done) return;
      done = true;
      resolve(answer);
      pick.dispose();
    };
    pick.onDidAccept(() => {
      if (page.many) finish({ kind: 'accept', value: pick.selectedItems.map((i) => i.value) });
      else {
        const chosen = pick.activeItems[0];
        if (chosen) finish({ kind: 'accept', value: chosen.value });
      }
    });
    pick.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back) return finish({ kind: 'back' });
      const action = page.actions?.find((a) => a.button === button);
      if (action) finish({ kind: 'accept', value: action.value });
    });
    pick.onDidHide(() => finish({ kind: 'cancel' }));
    pick.show();
  });
}
