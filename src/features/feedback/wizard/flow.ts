// A small step machine with a history stack, so Back always lands on the page the person came from
// and re-renders it from the draft (values are kept because steps read them from the draft, never
// from the page). Hubs (the review, the details list, a list of sources) are returned to by
// unwinding the stack rather than pushing them again, so Back never loops. Pure: no `vscode`.

export interface StepRef<Id extends string = string> {
  id: Id;
  /** Which list item an item editor works on. */
  index?: number;
  /** Text to start an input box with instead of the draft's value (e.g. a label typed in a pick). */
  seed?: string;
  /** Option to highlight when the step shows again. */
  activeKey?: string;
}

export type Transition<Id extends string = string> =
  | { kind: 'push'; step: StepRef<Id> }
  | { kind: 'replace'; step: StepRef<Id> }
  /** Show the same step again (e.g. after toggling a label). */
  | { kind: 'stay'; activeKey?: string }
  | { kind: 'back' }
  /** Unwind to the nearest `id` below the current step and show it again. */
  | { kind: 'returnTo'; id: Id }
  /** Start over from this stack (e.g. after resuming a saved draft). */
  | { kind: 'reset'; stack: StepRef<Id>[] }
  | { kind: 'cancel' }
  | { kind: 'done' };

export interface StepState<Id extends string> {
  readonly ref: StepRef<Id>;
  /** Every step below the current one, oldest first. */
  readonly below: readonly StepRef<Id>[];
}

export type Step<Id extends string, C> = (state: StepState<Id>, context: C) => Promise<Transition<Id>>;

export interface FlowOptions<Id extends string> {
  /** Called after every transition, with the stack it led to, e.g. to save the draft. */
  onTransition?: (stack: readonly StepRef<Id>[], transition: Transition<Id>) => void;
  /** Guards against a step bug turning into an endless loop. */
  maxTransitions?: number;
}

/** Runs steps from `initial` until one says done ('done') or the person cancels ('cancel'). */
export async function runFlow<Id extends string, C>(steps: Readonly<Record<Id, Step<Id, C>>>, initial: readonly StepRef<Id>[], context: C, options: FlowOptions<Id> = {}): Promise<'done' | 'cancel'> {
  if (initial.length === 0) throw new Error('runFlow needs at least one step');
  const stack: StepRef<Id>[] = initial.map((r) => ({ ...r }));
  const max = options.maxTransitions ?? 10_000;
  for (let turn = 0; turn < max; turn++) {
    const ref = stack[stack.length - 1] as StepRef<Id>;
    const step = steps[ref.id];
    if (!step) throw new Error(`unknown wizard step '${ref.id}'`);
    const transition = await step({ ref, below: stack.slice(0, -1) }, context);
    // A seed starts a page once: shown again (after Back, say), the page shows what its answer left in the context.
    delete ref.seed;
    switch (transition.kind) {
      case 'push':
        stack.push({ ...transition.step });
        break;
      case 'replace':
        stack[stack.length - 1] = { ...transition.step };
        break;
      case 'stay':
        if (transition.activeKey !== undefined) ref.activeKey = transition.activeKey;
        break;
      case 'back':
        // The first step has no Back button; a stray Back there just shows it again.
        if (stack.length > 1) stack.pop();
        break;
      case 'returnTo': {
        const at = stack
          .slice(0, -1)
          .map((r) => r.id)
          .lastIndexOf(transition.id);
        if (at >= 0) stack.length = at + 1;
        else stack.push({ id: transition.id });
        break;
      }
      case 'reset':
        if (transition.stack.length === 0) throw new Error('reset needs at least one step');
        stack.length = 0;
        stack.push(...transition.stack.map((r) => ({ ...r })));
        break;
      case 'cancel':
        options.onTransition?.(stack, transition);
        return 'cancel';
      case 'done':
        options.onTransition?.(stack, transition);
        return 'done';
    }
    options.onTransition?.(stack, transition);
  }
  throw new Error(`the wizard made more than ${max} transitions`);
}
