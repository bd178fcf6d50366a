// The wizard's only view of the screen: "show this pick / this input box, tell me what happened".
// The steps are written against this port so they run unchanged on VS Code's QuickPick/InputBox
// and on a scripted fake in plain-Node unit tests. Pure: no `vscode`.

/** What became of one prompt. `text` is what was in the box at that moment, so Back and Escape can keep it. */
export type Answer<T> = { kind: 'accept'; value: T; text: string } | { kind: 'back'; text: string } | { kind: 'button'; id: string; text: string } | { kind: 'cancel'; text?: string };

/** What a page leaves in the draft when the person goes back or closes it: what was typed, checked or not. */
export function keptText(answer: Answer<unknown>): string | undefined {
  return answer.kind === 'back' || answer.kind === 'cancel' ? answer.text : undefined;
}

export interface PromptFrame {
  title: string;
  /** Shown as "step/totalSteps" when both are set. */
  step?: number;
  totalSteps?: number;
  /** Shows the Back button. */
  canGoBack: boolean;
  buttons?: PromptButton[];
}

export interface PromptButton {
  id: string;
  /** A codicon name, e.g. 'go-to-file'. */
  icon: string;
  tooltip: string;
}

export interface PickOption<T> {
  /** Identity across re-renders (which item is active). */
  key: string;
  value: T;
  label: string;
  description?: string;
  detail?: string;
  /** A codicon name shown before the label. */
  icon?: string;
  /** Shown whatever the filter text. */
  alwaysShow?: boolean;
  /** A heading line that cannot be picked. */
  separator?: boolean;
}

export interface PickPrompt<T> extends PromptFrame {
  placeholder: string;
  options: PickOption<T>[];
  /** Key of the option to highlight at first. */
  activeKey?: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
  /** Extra options derived from the filter text as it is typed (e.g. "Add label 'x'"), shown first. */
  optionsForText?: (text: string) => PickOption<T>[];
  /** Shows the progress bar at first (a list still loading). */
  busy?: boolean;
  /** Told the key of the highlighted option whenever it changes, e.g. to start loading what it leads to. */
  onActive?: (key: string) => void;
  /**
   * Keeps the open page up to date (a list that arrives, a countdown): `update` replaces the options;
   * returns what stops the updates, called when the page is answered.
   */
  live?: (update: (next: PickUpdate<T>) => void) => () => void;
}

/** A new state of an open pick. */
export interface PickUpdate<T> {
  options: PickOption<T>[];
  /** Highlighted when the person has not moved the highlight themselves since the page opened. */
  activeKey?: string;
  busy?: boolean;
  placeholder?: string;
}

export type Severity = 'error' | 'warning' | 'info';

/** An error blocks accepting; a warning or info is only shown. */
export type Validation = undefined | string | { message: string; severity: Severity };

export interface InputPrompt extends PromptFrame {
  prompt: string;
  placeholder?: string;
  value: string;
  /** Called on every change and on accept; must be fast and synchronous (no race with typing). */
  validate: (text: string) => Validation;
}

export interface TextEditing {
  /** What is written, named as its page is (e.g. "Note"). */
  title: string;
  /** The button that takes the text back to the wizard (e.g. "Use Note"). */
  useLabel: string;
  /** One sentence: what to write, and that `useLabel` finishes. */
  instructions: string;
  /** e.g. 'markdown' or 'json'. */
  language: string;
  initial: string;
}

export interface Prompter {
  pick<T>(prompt: PickPrompt<T>): Promise<Answer<T>>;
  input(prompt: InputPrompt): Promise<Answer<string>>;
  /** Long text in a real editor; the edited text when the person confirms, undefined when they give up. */
  editText(editing: TextEditing): Promise<string | undefined>;
}

export function isBlocking(validation: Validation): boolean {
  return typeof validation === 'string' || (validation !== undefined && validation.severity === 'error');
}

export function validationMessage(validation: Validation): string | undefined {
  return typeof validation === 'string' ? validation : validation?.message;
}
