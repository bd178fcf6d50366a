// Pages that edit one text field: note (with a real editor for long notes), URL, page numbers,
// query suggestions and metadata. Every value is checked with the shared validator's per-field
// rules as it is typed. Pure: no `vscode`.

import {
  checkMetadata,
  checkNote,
  checkQuerySuggestions,
  checkSearchRule,
  checkSignal,
  checkUrl,
  FEEDBACK_LIMITS,
} from '../../../api/feedback';
import { parsePageNumbers } from '../model/parseInput';
import { draftToBody, parseMetadataText } from '../model/checkDraft';
import type { WizardDraft } from '../model/draft';
import type { PromptButton, Validation } from './prompts';
import { finish, frame, inFastPath, leave, type WizardState, type WizardStep } from './context';

type TextField = 'note' | 'url' | 'pageNumbers' | 'querySuggestions' | 'metadata';

const EDITOR_BUTTON: PromptButton = { id: 'editor', icon: 'go-to-file', tooltip: 'Write it in an editor' };

/** On the fast path a blank answer would leave the body without any feedback: say so at once. */
function signalNeeded(state: WizardState, draft: WizardDraft, field: TextField, text: string, what: string): string | undefined {
  if (text.trim() || !inFastPath(state)) return undefined;
  const without = draftToBody({ ...draft, [field]: '' }).body;
  const missing = checkSignal(without) ?? (draft.endpoint && draft.rating ? checkSearchRule(draft.endpoint, draft.rating, without) : undefined);
  return missing ? `${what} is needed to send this feedback; press Back to choose another way.` : undefined;
}

interface TextPage {
  field: TextField;
  section: string;
  prompt: string;
  placeholder?: string;
  fastStep?: number;
  validate: (text: string) => Validation;
  /** The editor language when long text may be written in an editor. */
  editorLanguage?: string;
  what: string;
}

function textStep(page: TextPage): WizardStep {
  return async (state, ctx) => {
    const { draft } = ctx;
    const answer = await ctx.ui.input({
      ...frame(state, page.section, page.fastStep),
      ...(page.editorLanguage ? { buttons: [EDITOR_BUTTON] } : {}),
      prompt: page.prompt,
      ...(page.placeholder ? { placeholder: page.placeholder } : {}),
      value: state.ref.seed ?? draft[page.field],
      validate: (text) => signalNeeded(state, draft, page.field, text, page.what) ?? page.validate(text),
    });
    if (answer.kind === 'back') draft[page.field] = answer.text;
    const left = leave(answer);
    if (left) return left;
    if (answer.kind === 'button' && page.editorLanguage) {
      const edited = await ctx.ui.editText({ title: page.section, language: page.editorLanguage, initial: answer.text });
      draft[page.field] = edited ?? answer.text;
      return { kind: 'stay' };
    }
    if (answer.kind !== 'accept') return { kind: 'stay' };
    draft[page.field] = answer.value;
    return finish(state);
  };
}

const L = FEEDBACK_LIMITS;

const singleLineNoteStep = textStep({
  field: 'note',
  section: 'Note',
  fastStep: 4,
  prompt: `A note for the Firecrawl team: what went wrong or what worked (up to ${L.noteMaxLength} characters). The button opens an editor for a longer note.`,
  placeholder: 'e.g. The pricing table is missing from the markdown',
  validate: (text) => checkNote(text),
  editorLanguage: 'markdown',
  what: 'A note',
});

type NoteChoice = 'keep' | 'edit' | 'clear';

/** An input box cannot hold line breaks, so a multi-line note is kept, edited or removed as a whole. */
const multiLineNoteStep: WizardStep = async (state, ctx) => {
  const { draft } = ctx;
  const problem = checkNote(draft.note);
  const lines = draft.note.trim().split(/\r?\n/).length;
  const answer = await ctx.ui.pick<NoteChoice>({
    ...frame(state, 'Note', 4),
    placeholder: `Your note has ${lines} lines and ${draft.note.trim().length} characters`,
    options: [
      { key: 'keep', value: 'keep', label: 'Keep this note', icon: problem ? 'error' : 'check', description: draft.note.trim().split(/\r?\n/)[0]?.slice(0, 80) ?? '', ...(problem ? { detail: problem } : {}) },
      { key: 'edit', value: 'edit', label: 'Edit it in an editor…', icon: 'go-to-file' },
      { key: 'clear', value: 'clear', label: 'Remove the note', icon: 'trash' },
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
      const edited = await ctx.ui.editText({ title: 'Note', language: 'markdown', initial: draft.note });
      if (edited !== undefined) draft.note = edited;
      return { kind: 'stay' };
    }
    case 'clear':
      draft.note = '';
      return { kind: 'stay' };
  }
};

export const noteStep: WizardStep = (state, ctx) =>
  (/[\r\n]/.test(ctx.draft.note.trim()) ? multiLineNoteStep : singleLineNoteStep)(state, ctx);

export const urlStep = textStep({
  field: 'url',
  section: 'URL',
  prompt: 'The page the job was about, if it is not obvious from the job (http or https).',
  placeholder: 'https://example.com/page',
  validate: (text) => checkUrl(text),
  what: 'A URL',
});

export function validatePageNumbers(text: string): Validation {
  const parsed = parsePageNumbers(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.value.length === 0) return undefined;
  const shown = parsed.value.length > 12 ? `${parsed.value.slice(0, 12).join(', ')}, … (${parsed.value.length} pages)` : parsed.value.join(', ');
  return { message: `Pages ${shown}`, severity: 'info' };
}

export const pageNumbersStep = textStep({
  field: 'pageNumbers',
  section: 'Page numbers',
  prompt: `The pages concerned, as numbers and ranges (at most ${L.pageNumbersMax} pages).`,
  placeholder: 'e.g. 1,3-5',
  validate: validatePageNumbers,
  what: 'Page numbers',
});

export const querySuggestionsStep = textStep({
  field: 'querySuggestions',
  section: 'Query suggestions',
  fastStep: 4,
  prompt: `A query that would have found what you needed (up to ${L.querySuggestionsMaxLength} characters).`,
  placeholder: 'e.g. firecrawl pricing 2026 site:firecrawl.dev',
  validate: (text) => checkQuerySuggestions(text),
  what: 'A query suggestion',
});

export function validateMetadataText(text: string): Validation {
  const parsed = parseMetadataText(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.value === undefined) return undefined;
  const problem = checkMetadata(parsed.value);
  if (problem) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(parsed.value)).length;
  return { message: `${bytes} of ${L.metadataMaxBytes} bytes`, severity: 'info' };
}

export const metadataStep = textStep({
  field: 'metadata',
  section: 'Metadata',
  prompt: `A JSON object of your own context, such as a run id (at most ${L.metadataMaxBytes} bytes; never whole results). The button opens an editor.`,
  placeholder: '{"run": "nightly-42"}',
  validate: validateMetadataText,
  editorLanguage: 'json',
  what: 'Metadata',
});
