// Valuable sources (URL + reason) and missing content (topic + description): a list page per kind,
// and an input page per part of an item. Clearing an item's first part removes the item, so no
// extra "delete" gesture is needed. Pure: no `vscode`.

import { checkDescription, checkReason, checkTopic, checkUrl, FEEDBACK_LIMITS } from '../api/feedback';
import type { DraftMissing, DraftSource } from './draft';
import type { PickOption } from './prompts';
import { finish, frame, inFastPath, leave, type WizardState, type WizardStep } from './wizardContext';

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

export const sourceUrlStep: WizardStep = async (state, ctx) => {
  const list = ctx.draft.valuableSources;
  const index = Math.min(state.ref.index ?? 0, list.length);
  const existing = list[index];
  const required = requiredHere(state);
  const answer = await ctx.ui.input({
    ...frame(state, `Valuable source ${index + 1}`, 4),
    prompt: `The URL of a result that was useful.${existing && !required ? ' Clear it to remove this source.' : ''}`,
    placeholder: 'https://example.com/the-useful-result',
    value: state.ref.seed ?? existing?.url ?? '',
    validate: (text) => checkUrl(text, { required, noun: 'The valuable source URL' }),
  });
  if (answer.kind === 'back') {
    if (existing) existing.url = answer.text;
    else if (answer.text.trim()) list.push({ url: answer.text, reason: '' });
  }
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  if (!answer.value.trim()) {
    if (existing) list.splice(index, 1);
    return finish(state);
  }
  if (existing) existing.url = answer.value;
  else list.push({ url: answer.value, reason: '' });
  return { kind: 'push', step: { id: 'sourceReason', index: existing ? index : list.length - 1 } };
};

export const sourceReasonStep: WizardStep = async (state, ctx) => {
  const item = ctx.draft.valuableSources[state.ref.index ?? 0];
  if (!item) return { kind: 'back' };
  const answer = await ctx.ui.input({
    ...frame(state, `Valuable source ${(state.ref.index ?? 0) + 1}`, 4),
    prompt: `Why it was useful (optional, up to ${FEEDBACK_LIMITS.reasonMaxLength} characters). Enter to skip.`,
    placeholder: 'e.g. The official pricing page',
    value: state.ref.seed ?? item.reason,
    validate: (text) => checkReason(text),
  });
  if (answer.kind === 'back') item.reason = answer.text;
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  item.reason = answer.value;
  return finish(state);
};

export const missingTopicStep: WizardStep = async (state, ctx) => {
  const list = ctx.draft.missingContent;
  const index = Math.min(state.ref.index ?? 0, list.length);
  const existing = list[index];
  const required = requiredHere(state);
  const answer = await ctx.ui.input({
    ...frame(state, `Missing content ${index + 1}`, 4),
    prompt: `What was missing, as a short topic (up to ${FEEDBACK_LIMITS.topicMaxLength} characters).${existing && !required ? ' Clear it to remove this item.' : ''}`,
    placeholder: 'e.g. Enterprise pricing',
    value: state.ref.seed ?? existing?.topic ?? '',
    validate: (text) => (text.trim() || required ? checkTopic(text) : undefined),
  });
  if (answer.kind === 'back') {
    if (existing) existing.topic = answer.text;
    else if (answer.text.trim()) list.push({ topic: answer.text, description: '' });
  }
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  if (!answer.value.trim()) {
    if (existing) list.splice(index, 1);
    return finish(state);
  }
  if (existing) existing.topic = answer.value;
  else list.push({ topic: answer.value, description: '' });
  return { kind: 'push', step: { id: 'missingDescription', index: existing ? index : list.length - 1 } };
};

export const missingDescriptionStep: WizardStep = async (state, ctx) => {
  const item = ctx.draft.missingContent[state.ref.index ?? 0];
  if (!item) return { kind: 'back' };
  const answer = await ctx.ui.input({
    ...frame(state, `Missing content ${(state.ref.index ?? 0) + 1}`, 4),
    prompt: `More about what was missing (optional, up to ${FEEDBACK_LIMITS.descriptionMaxLength} characters). Enter to skip.`,
    placeholder: 'e.g. Only the free and hobby tiers were in the results',
    value: state.ref.seed ?? item.description,
    validate: (text) => checkDescription(text),
  });
  if (answer.kind === 'back') item.description = answer.text;
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  item.description = answer.value;
  return finish(state);
};
