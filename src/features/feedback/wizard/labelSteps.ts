// Issue labels and tags. The labels page is a pick that stays open: Enter on a label checks or
// unchecks it, typing offers the typed text as a new label (checked against the label rules), and
// "Continue" moves on. Typing several labels at once, or fixing an invalid one, happens in an input
// box so the rule's message shows right under what was typed. Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import { checkLabels, FEEDBACK_LIMITS, type FeedbackLabelKind } from '../../../api/feedback';
import { formatExact, plural } from '../../../shared/format';
import { commonIssueLabels } from '../model/catalog';
import { checkDraft } from '../model/checkDraft';
import { parseLabels } from '../model/parseInput';
import { keptText, type PickOption } from './prompts';
import { finish, frame, inFastPath, leave, type WizardStep } from './context';

type LabelChoice = { kind: 'continue' } | { kind: 'toggle'; label: string } | { kind: 'add'; labels: string[] } | { kind: 'fix'; text: string } | { kind: 'type' } | { kind: 'note' };

/** Labels as typed, split the way parseLabels splits them, without judging them. */
export function splitLabels(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/[\s,;]+/)) if (token && !out.includes(token)) out.push(token);
  return out;
}

function labelKey(label: string): string {
  return `label:${label}`;
}

/** The option offered for typed text: add it (when valid) or open it for fixing (when not). */
export function typedLabelOptions(text: string, known: readonly string[], chosen: readonly string[]): PickOption<LabelChoice>[] {
  const typed = text.trim();
  if (!typed) return [];
  // A label that already matches what is typed is the better answer; offering "add" would steal Enter.
  const lower = typed.toLowerCase();
  if ([...known, ...chosen].some((l) => l.toLowerCase().includes(lower))) return [];
  const parsed = parseLabels(typed, 'issue');
  if (!parsed.ok) {
    return [{ key: 'fix', value: { kind: 'fix', text: typed }, label: typed, description: l10n.t('not a valid label: Enter to fix it'), detail: parsed.error, icon: 'error', alwaysShow: true }];
  }
  const fresh = parsed.value.filter((l) => !chosen.includes(l));
  if (fresh.length === 0) return [];
  const tooMany = checkLabels([...chosen, ...fresh], 'issue');
  return [
    {
      key: 'add',
      value: { kind: 'add', labels: fresh },
      label: typed,
      // One typed label is "new label"; several are counted (a count of one cannot happen there).
      description:
        fresh.length === 1
          ? l10n.t('new label: Enter to add it')
          : plural(fresh.length, l10n.t('{0} new label: Enter to add it', formatExact(fresh.length)), l10n.t('{0} new labels: Enter to add them', formatExact(fresh.length))),
      ...(tooMany ? { detail: tooMany } : {}),
      icon: 'add',
      alwaysShow: true,
    },
  ];
}

export const issuesStep: WizardStep = async (state, ctx) => {
  const { draft } = ctx;
  const endpoint = draft.endpoint ?? 'scrape';
  const common = commonIssueLabels(endpoint);
  const known = common.map((c) => c.label);
  const chosen = draft.issues;
  const fast = inFastPath(state);
  const options: PickOption<LabelChoice>[] = [];
  // On the fast path a label is what makes the feedback say something, unless the draft already does
  // (the page's URL, when rating a result just opened): then going on without one is offered too.
  if (chosen.length > 0 || !fast || checkDraft(draft).ok) {
    options.push({
      key: 'continue',
      value: { kind: 'continue' },
      label: chosen.length ? l10n.t('Continue with {0}', chosen.join(', ')) : l10n.t('Continue without issue labels'),
      icon: 'arrow-right',
      alwaysShow: true,
    });
  }
  options.push({ key: 'sep:common', value: { kind: 'continue' }, label: l10n.t('Common {0} issues', endpoint), separator: true });
  for (const info of common) {
    const on = chosen.includes(info.label);
    // Said in words too, not by the icon alone: a screen reader reads the label and its description.
    const description = on ? l10n.t({ message: 'checked: {0}', args: [info.description], comment: ['an issue label that is chosen; {0} says what it means'] }) : info.description;
    options.push({ key: labelKey(info.label), value: { kind: 'toggle', label: info.label }, label: info.label, description, icon: on ? 'pass-filled' : 'circle-large-outline' });
  }
  const custom = chosen.filter((l) => !known.includes(l));
  if (custom.length) {
    options.push({ key: 'sep:custom', value: { kind: 'continue' }, label: l10n.t('Your labels'), separator: true });
    for (const label of custom) options.push({ key: labelKey(label), value: { kind: 'toggle', label }, label, description: l10n.t('Enter to remove'), icon: 'pass-filled' });
  }
  options.push({ key: 'sep:more', value: { kind: 'continue' }, label: l10n.t({ message: 'More', args: [], comment: ['a heading above further ways to add labels'] }), separator: true });
  options.push({ key: 'type', value: { kind: 'type' }, label: l10n.t('Type labels…'), description: l10n.t('several at once, separated by commas'), icon: 'edit', alwaysShow: true });
  if (fast && draft.endpoint !== 'search') {
    options.push({ key: 'note', value: { kind: 'note' }, label: l10n.t('Write a note instead…'), icon: 'note', alwaysShow: true });
  }
  const firstLabel = common[0] ? labelKey(common[0].label) : 'type';
  const answer = await ctx.ui.pick<LabelChoice>({
    ...frame(state, l10n.t('Issue labels'), 4),
    placeholder: l10n.t('Enter checks a label; type to find one or to add your own (a–z, 0–9, - and _)'),
    options,
    activeKey: state.ref.activeKey ?? (chosen.length ? 'continue' : firstLabel),
    matchOnDescription: true,
    optionsForText: (text) => typedLabelOptions(text, known, chosen),
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const choice = answer.value;
  switch (choice.kind) {
    case 'continue':
      return finish(state);
    case 'toggle':
      if (chosen.includes(choice.label)) {
        draft.issues = chosen.filter((l) => l !== choice.label);
        // An unchecked label of the person's own leaves the list, so the highlight moves to Continue.
        return { kind: 'stay', activeKey: known.includes(choice.label) ? labelKey(choice.label) : 'continue' };
      }
      draft.issues = [...chosen, choice.label];
      return { kind: 'stay', activeKey: 'continue' };
    case 'add':
      draft.issues = [...chosen, ...choice.labels.filter((l) => !chosen.includes(l))];
      return { kind: 'stay', activeKey: 'continue' };
    case 'fix':
      return { kind: 'push', step: { id: 'issuesText', seed: [...chosen, choice.text].join(', ') } };
    case 'type':
      return { kind: 'push', step: { id: 'issuesText' } };
    case 'note':
      return { kind: 'push', step: { id: 'note' } };
  }
};

function labelsInput(kind: FeedbackLabelKind): WizardStep {
  const field = kind === 'issue' ? 'issues' : 'tags';
  return async (state, ctx) => {
    const [maxLength, maxCount] = [formatExact(FEEDBACK_LIMITS.labelMaxLength), formatExact(FEEDBACK_LIMITS.labelsMax)];
    const answer = await ctx.ui.input({
      ...frame(state, kind === 'issue' ? l10n.t('Issue labels') : l10n.t('Tags')),
      prompt:
        kind === 'issue'
          ? l10n.t("Issue labels, separated by commas: lowercase a–z, 0–9, '-' and '_', up to {0} characters each, at most {1}.", maxLength, maxCount)
          : l10n.t("Tags, separated by commas: lowercase a–z, 0–9, '-' and '_', up to {0} characters each, at most {1}.", maxLength, maxCount),
      placeholder: kind === 'issue' ? l10n.t('e.g. missing-content, js-not-rendered') : l10n.t('e.g. pricing-page, nightly-run'),
      value: state.ref.seed ?? ctx.draft[field].join(', '),
      validate: (text) => {
        const parsed = parseLabels(text, kind);
        return parsed.ok ? undefined : parsed.error;
      },
    });
    // Back and Escape keep even labels that break the rules: the review names them, nothing typed is lost.
    const kept = keptText(answer);
    if (kept !== undefined) ctx.draft[field] = splitLabels(kept);
    const left = leave(answer);
    if (left) return left;
    if (answer.kind !== 'accept') return { kind: 'stay' };
    const parsed = parseLabels(answer.value, kind);
    ctx.draft[field] = parsed.ok ? parsed.value : splitLabels(answer.value);
    return finish(state);
  };
}

export const issuesTextStep: WizardStep = labelsInput('issue');
export const tagsStep: WizardStep = labelsInput('tag');
