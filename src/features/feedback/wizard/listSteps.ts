// Valuable sources (URL + reason) and missing content (topic + description): a list page per kind,
// and an input page per part of an item. Clearing an item's first part removes the item, so no
// extra "delete" gesture is needed. Pure: no `vscode`. The pages' words are made when a page is
// built (the kinds below are functions), so they are in the language the wizard's bundle learned.

import * as l10n from '@vscode/l10n';
import { checkDescription, checkReason, checkTopic, checkUrl, FEEDBACK_LIMITS } from '../../../api/feedback';
import { formatExact } from '../../../shared/format';
import type { DraftMissing, DraftSource } from '../model/draft';
import { keptText, type PickOption } from './prompts';
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

function listStep<T>(kindOf: () => ListKind<T>): WizardStep {
  return async (state, ctx) => {
    const kind = kindOf();
    const items = kind.items(ctx.draft);
    const options: PickOption<ListChoice>[] = [
      {
        key: 'done',
        value: { kind: 'done' },
        label: l10n.t({ message: 'Done', args: [], comment: ['leaves a list page of the wizard'] }),
        icon: 'arrow-left',
        description: l10n.t('{0} of at most {1}', formatExact(items.length), formatExact(kind.max)),
      },
    ];
    if (items.length < kind.max) options.push({ key: 'add', value: { kind: 'add' }, label: kind.addLabel, icon: 'add' });
    items.forEach((item, index) => {
      const shown = kind.show(item);
      options.push({ key: `item:${index}`, value: { kind: 'edit', index }, ...shown, icon: 'edit' });
    });
    const answer = await ctx.ui.pick({
      ...frame(state, kind.section),
      placeholder: items.length ? l10n.t('Pick one to change it (clear it there to remove it), or add another') : l10n.t('None yet: add one'),
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

export const sourcesStep = listStep<DraftSource>(() => ({
  section: l10n.t('Valuable sources'),
  items: (d) => d.valuableSources,
  max: FEEDBACK_LIMITS.valuableSourcesMax,
  addLabel: l10n.t('Add a valuable source…'),
  firstStep: 'sourceUrl',
  show: (s) => ({ label: s.url || l10n.t('(no URL)'), description: s.reason }),
}));

export const missingStep = listStep<DraftMissing>(() => ({
  section: l10n.t('Missing content'),
  items: (d) => d.missingContent,
  max: FEEDBACK_LIMITS.missingContentMax,
  addLabel: l10n.t('Describe missing content…'),
  firstStep: 'missingTopic',
  show: (m) => ({ label: m.topic || l10n.t('(no topic)'), description: m.description }),
}));

/** The item's first part is required while it is the signal the fast path asks for. */
function requiredHere(state: WizardState): boolean {
  return inFastPath(state);
}

/** An item of two text parts: the first required (clearing it removes the item), the second optional. */
interface ItemKind<T extends Record<F | S, string>, F extends string, S extends string> {
  /** The page's name for item `n` (counted from 1). */
  title: (n: string) => string;
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

function firstPartStep<T extends Record<F | S, string>, F extends string, S extends string>(kindOf: () => ItemKind<T, F, S>): WizardStep {
  return async (state, ctx) => {
    const kind = kindOf();
    const list = kind.items(ctx.draft);
    const index = Math.min(state.ref.index ?? 0, list.length);
    const existing = list[index];
    const required = requiredHere(state);
    const answer = await ctx.ui.input({
      ...frame(state, kind.title(formatExact(index + 1)), 4),
      prompt: kind.firstPrompt(existing !== undefined && !required),
      placeholder: kind.firstPlaceholder,
      value: state.ref.seed ?? existing?.[kind.first] ?? '',
      validate: (text) => kind.checkFirst(text, required),
    });
    const kept = keptText(answer);
    if (kept !== undefined) {
      // Back and Escape keep what was typed, even half an item.
      if (existing) existing[kind.first] = kept as T[F];
      else if (kept.trim()) list.push(kind.make(kept));
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

function secondPartStep<T extends Record<F | S, string>, F extends string, S extends string>(kindOf: () => ItemKind<T, F, S>): WizardStep {
  return async (state, ctx) => {
    const kind = kindOf();
    const index = state.ref.index ?? 0;
    const item = kind.items(ctx.draft)[index];
    if (!item) return { kind: 'back' };
    const answer = await ctx.ui.input({
      ...frame(state, kind.title(formatExact(index + 1)), 4),
      prompt: kind.secondPrompt,
      placeholder: kind.secondPlaceholder,
      value: state.ref.seed ?? item[kind.second],
      validate: kind.checkSecond,
    });
    const kept = keptText(answer);
    if (kept !== undefined) item[kind.second] = kept as T[S];
    const left = leave(answer);
    if (left) return left;
    if (answer.kind !== 'accept') return { kind: 'stay' };
    item[kind.second] = answer.value as T[S];
    return finish(state);
  };
}

const sourceItem = (): ItemKind<DraftSource, 'url', 'reason'> => ({
  title: (n) => l10n.t('Valuable source {0}', n),
  items: (d) => d.valuableSources,
  first: 'url',
  second: 'reason',
  make: (url) => ({ url, reason: '' }),
  secondStep: 'sourceReason',
  firstPrompt: (removable) => (removable ? l10n.t('The URL of a result that was useful. Clear it to remove this source.') : l10n.t('The URL of a result that was useful.')),
  firstPlaceholder: 'https://example.com/the-useful-result',
  checkFirst: (text, required) => checkUrl(text, { required, noun: l10n.t('The valuable source URL') }),
  secondPrompt: l10n.t('Why it was useful (optional, up to {0} characters). Enter to skip.', formatExact(FEEDBACK_LIMITS.reasonMaxLength)),
  secondPlaceholder: l10n.t('e.g. The official pricing page'),
  checkSecond: (text) => checkReason(text),
});

const missingItem = (): ItemKind<DraftMissing, 'topic', 'description'> => ({
  title: (n) => l10n.t('Missing content {0}', n),
  items: (d) => d.missingContent,
  first: 'topic',
  second: 'description',
  make: (topic) => ({ topic, description: '' }),
  secondStep: 'missingDescription',
  firstPrompt: (removable) => {
    const max = formatExact(FEEDBACK_LIMITS.topicMaxLength);
    return removable
      ? l10n.t('What was missing, as a short topic (up to {0} characters). Clear it to remove this item.', max)
      : l10n.t('What was missing, as a short topic (up to {0} characters).', max);
  },
  firstPlaceholder: l10n.t('e.g. Enterprise pricing'),
  checkFirst: (text, required) => (text.trim() || required ? checkTopic(text) : undefined),
  secondPrompt: l10n.t('More about what was missing (optional, up to {0} characters). Enter to skip.', formatExact(FEEDBACK_LIMITS.descriptionMaxLength)),
  secondPlaceholder: l10n.t('e.g. Only the free and hobby tiers were in the results'),
  checkSecond: (text) => checkDescription(text),
});

export const sourceUrlStep = firstPartStep(sourceItem);
export const sourceReasonStep = secondPartStep(sourceItem);
export const missingTopicStep = firstPartStep(missingItem);
export const missingDescriptionStep = secondPartStep(missingItem);
