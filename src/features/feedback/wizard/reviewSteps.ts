// The review page (send, or fix what is wrong, or change any line) and the "Add details…" page of
// optional fields. Send is only possible when the shared validator accepts the whole body; each
// problem is listed with the field it belongs to and opens the page that fixes it. Pure: no `vscode`.

import * as l10n from '@vscode/l10n';
import type { FeedbackField } from '../../../api/feedback';
import { formatExact, plural } from '../../../shared/format';
import { checkDraft } from '../model/checkDraft';
import { fieldLabel, nameOfPath, summarizeDraft, summarizeField } from './fieldNames';
import type { PickOption } from './prompts';
import { editorForField, editorForPath, finish, frame, leave, FAST_PATH_STEPS, type WizardStep } from './context';

type ReviewChoice = { kind: 'send' } | { kind: 'details' } | { kind: 'problem'; path: string } | { kind: 'field'; field: FeedbackField };

const ALWAYS_SHOWN: readonly FeedbackField[] = ['endpoint', 'jobId', 'rating'];
const OPTIONAL_FIELDS: readonly FeedbackField[] = ['issues', 'tags', 'note', 'url', 'pageNumbers', 'valuableSources', 'missingContent', 'querySuggestions', 'metadata'];

export const reviewStep: WizardStep = async (state, ctx) => {
  const { draft } = ctx;
  const check = checkDraft(draft);
  const problems = check.ok ? [] : check.problems;
  const options: PickOption<ReviewChoice>[] = [
    check.ok
      ? { key: 'send', value: { kind: 'send' }, label: l10n.t('Send feedback'), icon: 'send', description: summarizeDraft(draft) }
      : {
          key: 'send',
          value: { kind: 'send' },
          label: plural(problems.length, l10n.t('Cannot send yet: {0} problem', formatExact(problems.length)), l10n.t('Cannot send yet: {0} problems', formatExact(problems.length))),
          icon: 'circle-slash',
          description: l10n.t('Enter opens the first one'),
        },
    {
      key: 'details',
      value: { kind: 'details' },
      label: l10n.t('Add details…'),
      icon: 'add',
      description: l10n.t('labels, tags, note, URL, pages, sources, missing content, query, metadata'),
    },
  ];
  if (problems.length) {
    options.push({ key: 'sep:problems', value: { kind: 'details' }, label: l10n.t('Problems'), separator: true });
    problems.forEach((p, i) => {
      options.push({ key: `problem:${i}`, value: { kind: 'problem', path: p.path }, label: nameOfPath(p.path), detail: p.message, icon: 'error' });
    });
  }
  options.push({ key: 'sep:values', value: { kind: 'details' }, label: l10n.t('Your feedback'), separator: true });
  for (const field of [...ALWAYS_SHOWN, ...OPTIONAL_FIELDS]) {
    const value = summarizeField(draft, field);
    if (!value && !ALWAYS_SHOWN.includes(field)) continue;
    options.push({ key: `field:${field}`, value: { kind: 'field', field }, label: fieldLabel(field), description: value || l10n.t('(not set)'), icon: 'edit' });
  }
  const answer = await ctx.ui.pick({
    ...frame(state, l10n.t({ message: 'Review', args: [], comment: ['wizard page title: the feedback as it will be sent'] }), FAST_PATH_STEPS),
    placeholder: check.ok ? l10n.t('Enter sends; pick a line to change it') : l10n.t('Fix the problems below before sending'),
    options,
    activeKey: state.ref.activeKey ?? 'send',
    matchOnDescription: true,
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const choice = answer.value;
  state.ref.activeKey = 'send';
  switch (choice.kind) {
    case 'send': {
      const now = checkDraft(draft);
      if (now.ok) {
        ctx.request = now.request;
        return { kind: 'done' };
      }
      return { kind: 'push', step: editorForPath(now.problems[0]?.path ?? '', draft) };
    }
    case 'details':
      return { kind: 'push', step: { id: 'details' } };
    case 'problem':
      return { kind: 'push', step: editorForPath(choice.path, draft) };
    case 'field':
      return { kind: 'push', step: editorForField(choice.field, draft) };
  }
};

/** What an optional field is for, under its name on the details page. */
function detailHint(field: FeedbackField): string {
  switch (field) {
    case 'issues':
      return l10n.t('What went wrong, as labels: pick common ones or type your own');
    case 'tags':
      return l10n.t('Your own labels for grouping feedback');
    case 'note':
      return l10n.t('Free text; long notes can be written in an editor');
    case 'url':
      return l10n.t('The page the job was about');
    case 'pageNumbers':
      return l10n.t('Pages concerned, e.g. 1,3-5');
    case 'valuableSources':
      return l10n.t('Results that were useful: URL and why');
    case 'missingContent':
      return l10n.t('What the output should have covered');
    case 'querySuggestions':
      return l10n.t('A query that would have worked better');
    case 'metadata':
      return l10n.t('A small JSON object of your own context (at most 8 KB)');
    default:
      return '';
  }
}

type DetailChoice = { kind: 'done' } | { kind: 'field'; field: FeedbackField };

export const detailsStep: WizardStep = async (state, ctx) => {
  const options: PickOption<DetailChoice>[] = [
    {
      key: 'done',
      value: { kind: 'done' },
      label: l10n.t({ message: 'Done', args: [], comment: ['leaves a list page of the wizard'] }),
      icon: 'arrow-left',
      description: l10n.t('back to the review'),
    },
  ];
  for (const field of OPTIONAL_FIELDS) {
    const value = summarizeField(ctx.draft, field);
    options.push({
      key: field,
      value: { kind: 'field', field },
      label: fieldLabel(field),
      description: value || l10n.t('(not set)'),
      detail: detailHint(field),
      icon: value ? 'edit' : 'add',
    });
  }
  const answer = await ctx.ui.pick({
    ...frame(state, l10n.t({ message: 'Details', args: [], comment: ['wizard page title: the optional parts of the feedback'] })),
    placeholder: l10n.t('Optional fields: pick one to fill it in'),
    options,
    activeKey: state.ref.activeKey ?? 'issues',
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const choice = answer.value;
  if (choice.kind === 'done') return finish(state);
  state.ref.activeKey = choice.field;
  return { kind: 'push', step: editorForField(choice.field, ctx.draft) };
};
