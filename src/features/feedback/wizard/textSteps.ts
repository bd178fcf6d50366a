// Pages that edit one text field: note (with a real editor for long notes), URL, page numbers,
// query suggestions and metadata. Every value is checked with the shared validator's per-field
// rules as it is typed. Pure: no `vscode`. Each page's words are made when the page is built (the
// page descriptions are functions), so they are in the language the wizard's bundle learned.

import * as l10n from '@vscode/l10n';
import { checkMetadata, checkNote, checkQuerySuggestions, checkSearchRule, checkSignal, checkUrl, FEEDBACK_LIMITS } from '../../../api/feedback';
import { formatExact, plural } from '../../../shared/format';
import { parsePageNumbers } from '../model/parseInput';
import { draftToBody, parseMetadataText } from '../model/checkDraft';
import type { WizardDraft } from '../model/draft';
import { keptText, type PromptButton, type TextEditing, type Validation } from './prompts';
import { finish, frame, inFastPath, leave, type WizardState, type WizardStep } from './context';

type TextField = 'note' | 'url' | 'pageNumbers' | 'querySuggestions' | 'metadata';

const editorButton = (): PromptButton => ({ id: 'editor', icon: 'go-to-file', tooltip: l10n.t('Write it in an editor') });

const noteTitle = () => l10n.t({ message: 'Note', args: [], comment: ['wizard page title: a free-text note for the Firecrawl team'] });

/** What the real editor is told for a long note or metadata: its name, the button back, and what to do. */
function editing(field: 'note' | 'metadata', initial: string): TextEditing {
  if (field === 'note') {
    const useLabel = l10n.t('Use Note');
    return {
      title: noteTitle(),
      useLabel,
      instructions: l10n.t('Firecrawl feedback: write the note in the editor, then choose "{0}" or close the editor to go back to the wizard.', useLabel),
      language: 'markdown',
      initial,
    };
  }
  const useLabel = l10n.t('Use Metadata');
  return {
    title: l10n.t('Metadata'),
    useLabel,
    instructions: l10n.t('Firecrawl feedback: write the metadata in the editor, then choose "{0}" or close the editor to go back to the wizard.', useLabel),
    language: 'json',
    initial,
  };
}

/** On the fast path a blank answer would leave the body without any feedback: say so at once (`needed` is that sentence). */
function signalNeeded(state: WizardState, draft: WizardDraft, field: TextField, text: string, needed: string): string | undefined {
  if (text.trim() || !inFastPath(state)) return undefined;
  const without = draftToBody({ ...draft, [field]: '' }).body;
  const missing = checkSignal(without) ?? (draft.endpoint && draft.rating ? checkSearchRule(draft.endpoint, draft.rating, without) : undefined);
  return missing ? needed : undefined;
}

interface TextPage {
  field: TextField;
  section: string;
  prompt: string;
  placeholder?: string;
  fastStep?: number;
  validate: (text: string) => Validation;
  /** Long text may be written in a real editor (the note and metadata). */
  editor?: 'note' | 'metadata';
  /** The sentence saying the field is what makes the feedback sendable, when left blank on the fast path. */
  needed: string;
}

function textStep(pageOf: () => TextPage): WizardStep {
  return async (state, ctx) => {
    const page = pageOf();
    const { draft } = ctx;
    const answer = await ctx.ui.input({
      ...frame(state, page.section, page.fastStep),
      ...(page.editor ? { buttons: [editorButton()] } : {}),
      prompt: page.prompt,
      ...(page.placeholder ? { placeholder: page.placeholder } : {}),
      value: state.ref.seed ?? draft[page.field],
      validate: (text) => signalNeeded(state, draft, page.field, text, page.needed) ?? page.validate(text),
    });
    const kept = keptText(answer);
    if (kept !== undefined) draft[page.field] = kept;
    const left = leave(answer);
    if (left) return left;
    if (answer.kind === 'button' && page.editor) {
      const edited = await ctx.ui.editText(editing(page.editor, answer.text));
      draft[page.field] = edited ?? answer.text;
      return { kind: 'stay' };
    }
    if (answer.kind !== 'accept') return { kind: 'stay' };
    draft[page.field] = answer.value;
    return finish(state);
  };
}

const L = FEEDBACK_LIMITS;

const singleLineNoteStep = textStep(() => ({
  field: 'note',
  section: noteTitle(),
  fastStep: 4,
  prompt: l10n.t('A note for the Firecrawl team: what went wrong or what worked (up to {0} characters). The button opens an editor for a longer note.', formatExact(L.noteMaxLength)),
  placeholder: l10n.t('e.g. The pricing table is missing from the markdown'),
  validate: (text) => checkNote(text),
  editor: 'note',
  needed: l10n.t('A note is needed to send this feedback; press Back to choose another way.'),
}));

type NoteChoice = 'keep' | 'edit' | 'clear';

/** An input box cannot hold line breaks, so a multi-line note is kept, edited or removed as a whole. */
const multiLineNoteStep: WizardStep = async (state, ctx) => {
  const { draft } = ctx;
  const problem = checkNote(draft.note);
  const lines = draft.note.trim().split(/\r?\n/).length;
  const characters = draft.note.trim().length;
  const answer = await ctx.ui.pick<NoteChoice>({
    ...frame(state, noteTitle(), 4),
    // Two counts, each with its own plural, put into one sentence.
    placeholder: l10n.t(
      'Your note has {0} and {1}',
      plural(lines, l10n.t('{0} line', formatExact(lines)), l10n.t('{0} lines', formatExact(lines))),
      plural(characters, l10n.t('{0} character', formatExact(characters)), l10n.t('{0} characters', formatExact(characters))),
    ),
    options: [
      {
        key: 'keep',
        value: 'keep',
        label: l10n.t('Keep this note'),
        icon: problem ? 'error' : 'check',
        description: draft.note.trim().split(/\r?\n/)[0]?.slice(0, 80) ?? '',
        ...(problem ? { detail: problem } : {}),
      },
      { key: 'edit', value: 'edit', label: l10n.t('Edit it in an editor…'), icon: 'go-to-file' },
      { key: 'clear', value: 'clear', label: l10n.t('Remove the note'), icon: 'trash' },
    ],
    activeKey: problem ? 'edit' : 'keep',
  });
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  switch (answer.value) {
    case 'keep':
      return finish(state);
    case 'edit': {
      const edited = await ctx.ui.editText(editing('note', draft.note));
      if (edited !== undefined) draft.note = edited;
      return { kind: 'stay' };
    }
    case 'clear':
      draft.note = '';
      return { kind: 'stay' };
  }
};

export const noteStep: WizardStep = (state, ctx) => (/[\r\n]/.test(ctx.draft.note.trim()) ? multiLineNoteStep : singleLineNoteStep)(state, ctx);

export const urlStep = textStep(() => ({
  field: 'url',
  section: l10n.t('URL'),
  prompt: l10n.t('The page the job was about, if it is not obvious from the job (http or https).'),
  placeholder: 'https://example.com/page',
  validate: (text) => checkUrl(text),
  needed: l10n.t('A URL is needed to send this feedback; press Back to choose another way.'),
}));

export function validatePageNumbers(text: string): Validation {
  const parsed = parsePageNumbers(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.value.length === 0) return undefined;
  // The pages as the parser read them (plain digits, like the typed text); the count in the language.
  const count = parsed.value.length;
  if (count <= 12) return { message: l10n.t('Pages {0}', parsed.value.join(', ')), severity: 'info' };
  const first = parsed.value.slice(0, 12).join(', ');
  return {
    message: plural(count, l10n.t('Pages {0}, … ({1} page)', first, formatExact(count)), l10n.t('Pages {0}, … ({1} pages)', first, formatExact(count))),
    severity: 'info',
  };
}

export const pageNumbersStep = textStep(() => ({
  field: 'pageNumbers',
  section: l10n.t('Page numbers'),
  prompt: l10n.t('The pages concerned, as numbers and ranges (at most {0} pages).', formatExact(L.pageNumbersMax)),
  placeholder: l10n.t('e.g. 1,3-5'),
  validate: validatePageNumbers,
  needed: l10n.t('Page numbers are needed to send this feedback; press Back to choose another way.'),
}));

export const querySuggestionsStep = textStep(() => ({
  field: 'querySuggestions',
  section: l10n.t('Query suggestions'),
  fastStep: 4,
  prompt: l10n.t('A query that would have found what you needed (up to {0} characters).', formatExact(L.querySuggestionsMaxLength)),
  placeholder: l10n.t('e.g. firecrawl pricing 2026 site:firecrawl.dev'),
  validate: (text) => checkQuerySuggestions(text),
  needed: l10n.t('A query suggestion is needed to send this feedback; press Back to choose another way.'),
}));

export function validateMetadataText(text: string): Validation {
  const parsed = parseMetadataText(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.value === undefined) return undefined;
  const problem = checkMetadata(parsed.value);
  if (problem) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(parsed.value)).length;
  return { message: l10n.t('{0} of {1} bytes', formatExact(bytes), formatExact(L.metadataMaxBytes)), severity: 'info' };
}

export const metadataStep = textStep(() => ({
  field: 'metadata',
  section: l10n.t('Metadata'),
  prompt: l10n.t('A JSON object of your own context, such as a run id (at most {0} bytes; never whole results). The button opens an editor.', formatExact(L.metadataMaxBytes)),
  placeholder: '{"run": "nightly-42"}',
  validate: validateMetadataText,
  editor: 'metadata',
  needed: l10n.t('Metadata is needed to send this feedback; press Back to choose another way.'),
}));
