// A scripted stand-in for the QuickPick/InputBox screen: each answer is a function of the prompt
// it answers, and every prompt shown is recorded so tests can check titles, counters and values.
import assert from 'node:assert/strict';
import type { Answer, InputPrompt, PickOption, PickPrompt, PickUpdate, Prompter, TextEditing } from '../../src/features/feedback/wizard/prompts';
import { isBlocking, validationMessage } from '../../src/features/feedback/wizard/prompts';

export type Shown = { kind: 'pick'; prompt: PickPrompt<unknown>; updates: PickUpdate<unknown>[] } | { kind: 'input'; prompt: InputPrompt } | { kind: 'editor'; editing: TextEditing };

export type Reply = (shown: Shown) => Answer<unknown> | string | undefined | Promise<Answer<unknown> | string | undefined>;

export class ScriptedPrompter implements Prompter {
  readonly shown: Shown[] = [];
  private readonly script: Reply[];

  constructor(script: Reply[]) {
    this.script = [...script];
  }

  get remaining(): number {
    return this.script.length;
  }

  private next(shown: Shown): Answer<unknown> | string | undefined | Promise<Answer<unknown> | string | undefined> {
    this.shown.push(shown);
    const reply = this.script.shift();
    if (!reply) assert.fail(`the script ended but the wizard showed ${describe(shown)}`);
    return reply(shown);
  }

  /** Like the editor: the highlight is reported, live updates are taken until the page is answered. */
  async pick<T>(prompt: PickPrompt<T>): Promise<Answer<T>> {
    const shown: Shown = { kind: 'pick', prompt: prompt as PickPrompt<unknown>, updates: [] };
    if (prompt.activeKey !== undefined) prompt.onActive?.(prompt.activeKey);
    const stop = prompt.live?.((next) => shown.updates.push(next as PickUpdate<unknown>));
    try {
      return (await this.next(shown)) as Answer<T>;
    } finally {
      stop?.();
    }
  }

  async input(prompt: InputPrompt): Promise<Answer<string>> {
    return this.next({ kind: 'input', prompt }) as Answer<string>;
  }

  async editText(editing: TextEditing): Promise<string | undefined> {
    const result = this.next({ kind: 'editor', editing });
    return typeof result === 'string' ? result : undefined;
  }
}

export function describe(shown: Shown): string {
  if (shown.kind === 'editor') return `an editor for ${shown.editing.title}`;
  return `${shown.kind} '${shown.prompt.title}'`;
}

/** The pick as it is on screen now: its first state with the latest live update applied. */
function asPick(shown: Shown, title?: RegExp): PickPrompt<unknown> {
  assert.equal(shown.kind, 'pick', `expected a pick, got ${describe(shown)}`);
  const { prompt, updates } = shown as Extract<Shown, { kind: 'pick' }>;
  if (title) assert.match(prompt.title, title);
  const latest = updates.at(-1);
  if (!latest) return prompt;
  return {
    ...prompt,
    options: latest.options,
    ...(latest.activeKey !== undefined ? { activeKey: latest.activeKey } : {}),
    ...(latest.placeholder !== undefined ? { placeholder: latest.placeholder } : {}),
    busy: latest.busy === true,
  };
}

/** Waits (a few turns of the event loop at most) until the page shows what `ready` looks for, then answers with `then`. */
export function when(ready: (prompt: PickPrompt<unknown>) => boolean, then: Reply): Reply {
  return async (shown) => {
    for (let turn = 0; turn < 200 && !ready(asPick(shown)); turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    assert.ok(ready(asPick(shown)), `the page never got ready: ${asPick(shown).placeholder}`);
    return then(shown);
  };
}

function asInput(shown: Shown, title?: RegExp): InputPrompt {
  assert.equal(shown.kind, 'input', `expected an input box, got ${describe(shown)}`);
  const prompt = (shown as { prompt: InputPrompt }).prompt;
  if (title) assert.match(prompt.title, title);
  return prompt;
}

export function option(prompt: PickPrompt<unknown>, key: string): PickOption<unknown> {
  const found = prompt.options.find((o) => o.key === key && !o.separator);
  assert.ok(found, `no option '${key}' in '${prompt.title}': ${prompt.options.map((o) => o.key).join(', ')}`);
  return found;
}

/** Enter on the option with this key. */
export function pick(key: string, title?: RegExp): Reply {
  return (shown) => {
    const prompt = asPick(shown, title);
    return { kind: 'accept', value: option(prompt, key).value, text: '' };
  };
}

/** Enter on whatever the page highlights. */
export function enter(title?: RegExp): Reply {
  return (shown) => {
    if (shown.kind === 'input') return type(shown.prompt.value, title)(shown);
    const prompt = asPick(shown, title);
    const key = prompt.activeKey ?? prompt.options.find((o) => !o.separator)?.key;
    assert.ok(key, 'nothing to accept');
    return { kind: 'accept', value: option(prompt, key).value, text: '' };
  };
}

/** Types `text` into a pick's filter and presses Enter on the option the text produced. */
export function typeInPick(text: string, key: string, title?: RegExp): Reply {
  return (shown) => {
    const prompt = asPick(shown, title);
    const extra = prompt.optionsForText?.(text) ?? [];
    const found = extra.find((o) => o.key === key) ?? prompt.options.find((o) => o.key === key);
    assert.ok(found, `typing '${text}' offers ${extra.map((o) => o.key).join(', ') || 'nothing'}`);
    return { kind: 'accept', value: found.value, text };
  };
}

/** Replaces the input box's text with `text` and presses Enter; fails if the page would refuse it. */
export function type(text: string, title?: RegExp): Reply {
  return (shown) => {
    const prompt = asInput(shown, title);
    const validation = prompt.validate(text);
    assert.ok(!isBlocking(validation), `'${text}' refused on '${prompt.title}': ${validationMessage(validation)}`);
    return { kind: 'accept', value: text, text };
  };
}

/** Types `text`, expects the page to refuse it with a message matching `message`, then leaves with `then`. */
export function typeRefused(text: string, message: RegExp, then: Reply): Reply {
  return (shown) => {
    const prompt = asInput(shown);
    const validation = prompt.validate(text);
    assert.ok(isBlocking(validation), `'${text}' was accepted on '${prompt.title}'`);
    assert.match(validationMessage(validation) ?? '', message);
    return then(shown);
  };
}

/** Presses Back; in an input box, with `text` typed first (default: what was shown). */
export function back(text?: string): Reply {
  return (shown) => ({ kind: 'back', text: text ?? (shown.kind === 'input' ? shown.prompt.value : '') });
}

/** Presses Escape; with `text`, what the box held as it closed. */
export function cancel(text?: string): Reply {
  return () => (text === undefined ? { kind: 'cancel' } : { kind: 'cancel', text });
}

export function button(id: string): Reply {
  return (shown) => ({ kind: 'button', id, text: shown.kind === 'input' ? shown.prompt.value : '' });
}

/** Answers an editor with the edited text (undefined = gave up). */
export function edit(result: string | undefined): Reply {
  return (shown) => {
    assert.equal(shown.kind, 'editor', `expected an editor, got ${describe(shown)}`);
    return result;
  };
}

/** Checks the shown page before answering it. */
export function expect(check: (shown: Shown) => void, then: Reply): Reply {
  return (shown) => {
    check(shown);
    return then(shown);
  };
}

export function pickPrompt(shown: Shown): PickPrompt<unknown> {
  return asPick(shown);
}

export function inputPrompt(shown: Shown): InputPrompt {
  return asInput(shown);
}

export const JOB = '3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4';
