// The wizard's screen in VS Code: one QuickPick or InputBox per page (title, step counter, Back
// button, ignoreFocusOut), created for the page and disposed when it is answered. The steps never
// see these objects; they get Answers. Disposing the prompter answers the open page with cancel.
import * as vscode from 'vscode';
import { Highlight, KeptEnter } from '../wizard/pickKeys';
import { type Answer, type InputPrompt, isBlocking, type PickOption, type PickPrompt, type PickUpdate, type PromptButton, type Prompter, type TextEditing, type Validation } from '../wizard/prompts';

interface Item<T> extends vscode.QuickPickItem {
  option?: PickOption<T>;
}

interface Button extends vscode.QuickInputButton {
  id: string;
}

/** The page on screen, for tests that drive the real widgets and need to see or type into them. */
export type OpenPage = { kind: 'pick'; widget: vscode.QuickPick<Item<unknown>>; type(text: string): void } | { kind: 'input'; widget: vscode.InputBox; type(text: string): void };

function toButton(button: PromptButton): Button {
  return { id: button.id, iconPath: new vscode.ThemeIcon(button.icon), tooltip: button.tooltip };
}

function toValidationMessage(validation: Validation): string | vscode.InputBoxValidationMessage | undefined {
  if (validation === undefined || typeof validation === 'string') return validation;
  const severity =
    validation.severity === 'error' ? vscode.InputBoxValidationSeverity.Error : validation.severity === 'warning' ? vscode.InputBoxValidationSeverity.Warning : vscode.InputBoxValidationSeverity.Info;
  return { message: validation.message, severity };
}

function toItem<T>(option: PickOption<T>): Item<T> {
  if (option.separator) return { label: option.label, kind: vscode.QuickPickItemKind.Separator };
  return {
    label: option.label,
    ...(option.description ? { description: option.description } : {}),
    ...(option.detail ? { detail: option.detail } : {}),
    ...(option.icon ? { iconPath: new vscode.ThemeIcon(option.icon) } : {}),
    ...(option.alwaysShow ? { alwaysShow: true } : {}),
    option,
  };
}

function sameOptions(a: readonly PickOption<unknown>[], b: readonly PickOption<unknown>[]): boolean {
  return a.length === b.length && a.every((o, i) => o.key === b[i]?.key && o.label === b[i]?.label && o.detail === b[i]?.detail && o.description === b[i]?.description);
}

export class QuickInputPrompter implements Prompter, vscode.Disposable {
  private open: { page: OpenPage; cancel(): void } | undefined;
  /** Replaced by a newer wizard: a page this one still asks for (after its note editor, say) is not shown over the newer one's. */
  private disposed = false;

  constructor(private readonly editor: (editing: TextEditing) => Promise<string | undefined>) {}

  /** The page on screen, if any. */
  get page(): OpenPage | undefined {
    return this.open?.page;
  }

  pick<T>(prompt: PickPrompt<T>): Promise<Answer<T>> {
    const widget = vscode.window.createQuickPick<Item<T>>();
    this.frame(widget, prompt);
    widget.placeholder = prompt.placeholder;
    widget.matchOnDescription = prompt.matchOnDescription ?? false;
    widget.matchOnDetail = prompt.matchOnDetail ?? false;
    if (prompt.busy) widget.busy = true;
    let base = prompt.options.map(toItem);
    let extra: PickOption<T>[] = [];
    const find = (key: string | undefined) => (key === undefined ? undefined : widget.items.find((i) => i.option && !i.option.separator && i.option.key === key));
    const highlight = new Highlight();
    const render = (text: string) => {
      const next = prompt.optionsForText?.(text) ?? [];
      if (widget.items.length > 0 && sameOptions(next as PickOption<unknown>[], extra as PickOption<unknown>[])) return;
      extra = next;
      widget.items = [...next.map(toItem), ...base];
    };
    render('');
    const active = base.find((i) => i.option && i.option.key === prompt.activeKey);
    if (active) {
      widget.activeItems = [active];
      highlight.set(prompt.activeKey);
    }

    const update = (next: PickUpdate<T>) => {
      base = next.options.map(toItem);
      widget.items = [...extra.map(toItem), ...base];
      // Setting the items moves the highlight to the first row: put it back where the person left it,
      // or where the page wants it while they have not moved it.
      const target = find(highlight.chosen ?? next.activeKey ?? highlight.current);
      if (target?.option) {
        widget.activeItems = [target];
        highlight.set(target.option.key);
      }
      widget.busy = next.busy === true;
      if (next.placeholder !== undefined) widget.placeholder = next.placeholder;
    };

    return this.show<Answer<T>>(
      widget,
      {
        kind: 'pick',
        widget: widget as unknown as vscode.QuickPick<Item<unknown>>,
        type: (text) => {
          widget.value = text;
          render(text);
        },
      },
      (settle) => {
        const stop = prompt.live?.(update);
        const enter = new KeptEnter();
        const accept = (item: Item<T> | undefined) => {
          if (!item?.option || item.option.separator) return false;
          settle({ kind: 'accept', value: item.option.value, text: widget.value });
          return true;
        };
        return [
          widget.onDidAccept(() => {
            if (!accept(widget.selectedItems[0] ?? widget.activeItems[0])) enter.keep(widget.items.length > 0);
          }),
          widget.onDidTriggerButton((button) => settle(this.buttonAnswer(button, widget.value))),
          widget.onDidChangeValue((text) => {
            enter.drop();
            render(text);
          }),
          widget.onDidChangeActive((items) => {
            if (enter.take() && accept(items[0])) return;
            const key = items[0]?.option?.key;
            if (key === undefined) return;
            highlight.moved(key);
            prompt.onActive?.(key);
          }),
          { dispose: () => stop?.() },
        ];
      },
    );
  }

  input(prompt: InputPrompt): Promise<Answer<string>> {
    const widget = vscode.window.createInputBox();
    this.frame(widget, prompt);
    widget.prompt = prompt.prompt;
    if (prompt.placeholder) widget.placeholder = prompt.placeholder;
    widget.value = prompt.value;
    // A blank box is not "wrong while typing": its rule is shown only once Enter was pressed.
    let acceptTried = false;
    const check = (text: string) => {
      widget.validationMessage = text.trim() || acceptTried ? toValidationMessage(prompt.validate(text)) : undefined;
    };
    check(prompt.value);

    return this.show<Answer<string>>(
      widget,
      {
        kind: 'input',
        widget,
        type: (text) => {
          widget.value = text;
          check(text);
        },
      },
      (settle) => [
        widget.onDidChangeValue(check),
        widget.onDidAccept(() => {
          acceptTried = true;
          const text = widget.value;
          const validation = prompt.validate(text);
          if (isBlocking(validation)) {
            widget.validationMessage = toValidationMessage(validation);
            return;
          }
          settle({ kind: 'accept', value: text, text });
        }),
        widget.onDidTriggerButton((button) => settle(this.buttonAnswer(button, widget.value))),
      ],
    );
  }

  editText(editing: TextEditing): Promise<string | undefined> {
    return this.editor(editing);
  }

  dispose(): void {
    this.disposed = true;
    this.open?.cancel();
  }

  private frame(
    widget: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] },
    prompt: { title: string; step?: number; totalSteps?: number; canGoBack: boolean; buttons?: PromptButton[] },
  ): void {
    widget.title = prompt.title;
    widget.step = prompt.step;
    widget.totalSteps = prompt.totalSteps;
    // Switching to an editor (or another window) must not throw away a half-filled page.
    widget.ignoreFocusOut = true;
    widget.buttons = [...(prompt.canGoBack ? [vscode.QuickInputButtons.Back] : []), ...(prompt.buttons ?? []).map(toButton)];
  }

  private buttonAnswer<T>(button: vscode.QuickInputButton, text: string): Answer<T> {
    if (button === vscode.QuickInputButtons.Back) return { kind: 'back', text };
    return { kind: 'button', id: (button as Button).id ?? '', text };
  }

  private show<A>(widget: vscode.QuickInput & { value: string }, page: OpenPage, listen: (settle: (answer: A) => void) => vscode.Disposable[]): Promise<A> {
    if (this.disposed) {
      widget.dispose();
      return Promise.resolve({ kind: 'cancel', text: widget.value } as A);
    }
    this.open?.cancel();
    return new Promise<A>((resolve) => {
      let settled = false;
      const subscriptions: vscode.Disposable[] = [];
      const settle = (answer: A) => {
        if (settled) return;
        settled = true;
        if (this.open?.page === page) this.open = undefined;
        for (const s of subscriptions) s.dispose();
        widget.dispose();
        resolve(answer);
      };
      subscriptions.push(
        ...listen(settle),
        widget.onDidHide(() => settle({ kind: 'cancel', text: widget.value } as A)),
      );
      this.open = { page, cancel: () => settle({ kind: 'cancel', text: widget.value } as A) };
      widget.show();
    });
  }
}
