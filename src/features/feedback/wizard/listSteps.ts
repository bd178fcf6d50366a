// Valuable sources (URL + reason) and missing content (topic + description): a list page per kind,
// and an input page per part of an item. Clearing an item's first part removes the item, so no
// extra "delete" gesture is needed. Pure: no `vscode`.

import { checkDescription, checkReason, checkTopic, checkUrl, FEEDBACK_LIMITS } from '../../../api/feedback';
import type { DraftMissing, DraftSource } from '../model/draft';
import type { PickOption } from './prompts';
import { finish, frame, inFastPath, leave, type WizardState, type WizardStep } from './context';

type ListChoice = { kind: 'done' } | { kind: 'add' } | { kind: 'edit'; index: number };

interface ListKind<T> {
  section: string;
  items: (draft: { valuableSources: DraftSource[]; missingContent: DraftMissing[] }) => T[];
  max: number;
  addLabel: string;
  firstStep: 'sourceUrl' | 'missingTopic';
  show: (item: T) => { label: string; description: string };
}

function listStep<T>(kind: ListKind<T>): WizardStep {
  return async (state, ctx) => {
    const items = kind.items(ctx.draft);
    const options: PickOption<ListChoice>[] = [
      { key: 'done', value: { kind: 'done' }, label: 'Done', icon: 'arrow-left', description: `${items.length} of at most ${kind.max}` },
    ];
    if (items.length < kind.max) options.push({ key: 'add', value: { kind: 'add' }, label: kind.addLabel, icon: 'add' });
    items.forEach((item, index) => {
      const shown = kind.show(item);
      options.push({ key: `item:${index}`, value: { kind: 'edit', index }, ...shown, icon: 'edit' });
    });
    const answer = await ctx.ui.pick({
      ...frame(state, kind.section),
      placeholder: items.length ? 'Pick one to change it (clear it there to remove it), or add another' : 'None yet: add one',
      options,
      activeKey: state.ref.activeKey ?? (items.length ? 'done' : 'add'),
    });
    const left = leave(answer);
    if (left) return left;
    if (answer.kind !== 'accept') return { kind: 'stay' };
    const choice = answer.value;
    if (choice.kind === 'done') return finish(state);
    const index = choice.kind === 'add' ? items.length : choice.index;
    state.ref.activeKey = choice.kind === 'add' ? 'done' : `item:${index}`;
    return { kind: 'push', step: { id: kind.firstStep, index } };
  };
}

export const sourcesStep = listStep<DraftSource>({
  section: 'Valuable sources',
  items: (d) => d.valuableSources,
  max: FEEDBACK_LIMITS.valuableSourcesMax,
  addLabel: 'Add a valuable source…',
  firstStep: 'sourceUrl',
  show: (s) => ({ label: s.url || '(no URL)', description: s.reason }),
});

export const missingStep = listStep<DraftMissing>({
  section: 'Missing content',
  items: (d) => d.missingContent,
  max: FEEDBACK_LIMITS.missingContentMax,
  addLabel: 'Describe missing content…',
  firstStep: 'missingTopic',
  show: (m) => ({ label: m.topic || '(no topic)', description: m.description }),
});

/** The item's first part is required while it is the signal the fast path asks for. */
function requiredHere(state: WizardState): boolean {
  return inFastPath(state);
}

/** An item of two text parts: the first required (clearing it removes the item), the second optional. */
interface ItemKind<T extends Record<F | S, string>, F extends string, S extends string> {
  title: string;
  items: (draft: { valuableSources: DraftSource[]; missingContent: DraftMissing[] }) => T[];
  first: F;
  second: S;
  make: (first: string) => T;
  secondStep: 'sourceReason' | 'missingDescription';
  firstPrompt: (removable: boolean) => string;
  firstPlaceholder: string;
  checkFirst: (text: string, required: boolean) => string | undefined;
  secondPrompt: string;
  secondPlaceholder: string;
  checkSecond: (text: string) => string | undefined;
}

function firstPartStep<T extends Record<F | S, string>, F extends string, S extends string>(kind: ItemKind<T, F, S>): WizardStep {
  return async (state, ctx) => {
    const list = kind.items(ctx.draft);
    const index = Math.min(state.ref.index ?? 0, list.length);
    const existing = list[index];
    const required = requiredHere(state);
    const answer = await ctx.ui.input({
      ...frame(state, `${kind.title} ${index + 1}`, 4),
      prompt: kind.firstPrompt(existing !== undefined && !required),
      placeholder: kind.firstPlaceholder,
      value: state.ref.seed ?? existing?.[kind.first] ?? '',
      validate: (text) => kind.checkFirst(text, required),
    });
    if (answer.kind === 'back') {
      // Back keeps what was typed, even half an item.
      if (existing) existing[kind.first] = answer.text as T[F];
      else if (answer.text.trim()) list.push(kind.make(answer.text));
    }
    const left = leave(answer);
    if (left) return left;
    if (answer.kind !== 'accept') return { kind: 'stay' };
    if (!answer.value.trim()) {
      if (existing) list.splice(index, 1);
      return finish(state);
    }
    if (existing) existing[kind.first] = answer.value as T[F];
    else list.push(kind.make(answer.value));
    return { kind: 'push', step: { id: kind.secondStep, index: existing ? index : list.length - 1 } };
  };
}

function secondPartStep<T extends Record<F | S, string>, F extends string, S extends string>(kind: ItemKind<T, F, S>): WizardStep {
  return async (state, ctx) => {
    const index = state.ref.index ?? 0;
    const item = kind.items(ctx.draft)[index];
    if (!item) return { kind: 'back' };
    const answer = await ctx.ui.input({
      ...frame(state, `${kind.title} ${index + 1}`, 4),
      prompt: kind.secondPrompt,
      placeholder: kind.secondPlaceholder,
      value: state.ref.seed ?? item[kind.second],
      validate: kind.checkSecond,
    });
    if (answer.kind === 'back') item[kind.second] = answer.text as T[S];
    const left = leave(answer);
    if (left) return left;
    if (answer.kind !== 'accept') return { kind: 'stay' };
    item[kind.second] = answer.value as T[S];
    return finish(state);
  };
}

const sourceItem: ItemKind<DraftSource, 'url', 'reason'> = {
  title: 'Valuable source',
  items: (d) => d.valuableSources,
  first: 'url',
  second: 'reason',
  make: (url) => ({ url, reason: '' }),
  secondStep: 'sourceReason',
  firstPrompt: (removable) => `The URL of a result that was useful.${removable ? ' Clear it to remove this source.' : ''}`,
  firstPlaceholder: 'https://example.com/the-useful-result',
  checkFirst: (text, required) => checkUrl(text, { required, noun: 'The valuable source URL' }),
  secondPrompt: `Why it was useful (optional, up to ${FEEDBACK_LIMITS.reasonMaxLength} characters). Enter to skip.`,
  secondPlaceholder: 'e.g. The official pricing page',
  checkSecond: (text) => checkReason(text),
};

const missingItem: ItemKind<DraftMissing, 'topic', 'description'> = {
  title: 'Missing content',
  items: (d) => d.missingContent,
  first: 'topic',
  second: 'description',
  make: (topic) => ({ topic, description: '' }),
  secondStep: 'missingDescription',
  firstPrompt: (removable) => `What was missing, as a short topic (up to ${FEEDBACK_LIMITS.topicMaxLength} characters).${removable ? ' Clear it to remove this item.' : ''}`,
  firstPlaceholder: 'e.g. Enterprise pricing',
  checkFirst: (text, required) => (text.trim() || required ? checkTopic(text) : undefined),
  secondPrompt: `More about what was missing (optional, up to ${FEEDBACK_LIMITS.descriptionMaxLength} characters). Enter to skip.`,
  secondPlaceholder: 'e.g. Only the free and hobby tiers were in the results',
  checkSecond: (text) => checkDescription(text),
};

export const sourceUrlStep = firstPartStep(sourceItem);
export const sourceReasonStep = secondPartStep(sourceItem);
export const missingTopicStep = firstPartStep(missingItem);
export const missingDescriptionStep = secondPartStep(missingItem);
