// The job page: a pick of the chosen endpoint's recent v2 jobs, newest first, each with its target
// and its age. The feedback window is the server's and unknown until one of its answers stated it;
// only then do jobs get a live countdown, and jobs past it are shown but cannot be picked. The id the
// selection, clipboard or command brought is offered too, and "Paste a job id…" opens the input box
// of old. When the server cannot list jobs (or lists none) the page is that input box, with one line
// saying why. Pure: no `vscode`.
import * as l10n from '@vscode/l10n';
import { checkJobId, type FeedbackEndpoint } from '../../../api/feedback';
import { type ErrorContext, recentJobsUnavailableText } from '../../../host/errorText';
import { formatAgo, formatDuration, formatExact, formatSpan } from '../../../shared/format';
import { shortJobId, singleJobId } from '../../../shared/jobIds';
import { plainText } from '../../../shared/text';
import { jobIdField } from '../model/catalog';
import type { RecentFeedbackJob, RecentJobsState } from '../model/recentJobs';
import { advance, frame, leave, type WizardContext, type WizardState, type WizardStep } from './context';
import { keptText, type PickOption, type PickUpdate, type Validation } from './prompts';

/** How long the page waits for a list still loading before it opens (busy) without it. */
const SETTLE_MS = 400;

/** Resolves when the endpoint's list is no longer loading, or after SETTLE_MS. */
function settled(recent: NonNullable<WizardContext['recent']>, endpoint: FeedbackEndpoint, ctx: WizardContext): Promise<void> {
  if (!ctx.clock) return Promise.resolve();
  const clock = ctx.clock;
  return new Promise((resolve) => {
    const done = () => {
      subscription.dispose();
      timer.dispose();
      resolve();
    };
    const subscription = recent.onDidChange((changed) => {
      if (changed === endpoint && recent.state(endpoint)?.kind !== 'loading') done();
    });
    const timer = clock.schedule(SETTLE_MS, done);
  });
}

/** Expired jobs shown before the rest is put behind a count. */
const EXPIRED_SHOWN = 3;
/** How often the countdown moves. */
const TICK_MS = 1_000;

/** A pasted response or log line holding exactly one job id becomes that id. */
export function pastedJobId(text: string): string {
  return singleJobId(text) ?? text.trim();
}

export function validateJobId(text: string, endpoint: FeedbackEndpoint | undefined): Validation {
  const id = pastedJobId(text);
  const problem = checkJobId(id, endpoint);
  if (problem) return problem;
  return id !== text.trim() ? { message: l10n.t('Found job id {0} in the pasted text; Enter uses it.', id), severity: 'info' } : undefined;
}

/** The input box: the page itself when no list can be shown, or what "Paste a job id…" opens. */
async function jobIdInput(state: WizardState, ctx: WizardContext, note: string | undefined): ReturnType<WizardStep> {
  const endpoint = ctx.draft.endpoint;
  const ask = endpoint
    ? l10n.t("The job's id (a UUID): the {0} response’s {1}. Firecrawl accepts feedback for a limited time after the job; the server sets how long.", endpoint, jobIdField(endpoint))
    : l10n.t("The job's id (a UUID). Firecrawl accepts feedback for a limited time after the job; the server sets how long.");
  const answer = await ctx.ui.input({
    ...frame(state, l10n.t('Job id'), 2),
    // Two sentences side by side: why the list is not there, then what to type.
    prompt: note ? `${note} ${ask}` : ask,
    placeholder: l10n.t('Paste the job id, e.g. 3f2b9c4e-1d2a-4b5c-8d6e-7f8091a2b3c4'),
    value: state.ref.seed ?? ctx.draft.jobId,
    validate: (text) => validateJobId(text, endpoint),
  });
  const kept = keptText(answer);
  if (kept !== undefined) ctx.draft.jobId = kept;
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  ctx.draft.jobId = pastedJobId(answer.value);
  return advance(state, { id: 'rating' });
}

/** What "Paste a job id…" opens. */
export const jobIdTextStep: WizardStep = (state, ctx) => jobIdInput(state, ctx, undefined);

type JobChoice = { kind: 'job'; id: string } | { kind: 'expired'; id: string } | { kind: 'showExpired' } | { kind: 'paste' };

export interface JobPickInput {
  endpoint: FeedbackEndpoint;
  state: RecentJobsState | undefined;
  now: number;
  /** The server's feedback window, once one of its answers stated it. */
  windowSeconds?: number;
  /** What the draft holds: the id the selection, clipboard or command brought, or one entered before. */
  draftId: string;
  /** Where `draftId` came from, when it is still the one the wizard started with. */
  draftSource?: 'selection' | 'clipboard' | 'command';
  showAllExpired: boolean;
  /** A line to show instead of the usual placeholder (why the last Enter did nothing). */
  note?: string;
  errors?: ErrorContext;
}

const jobKey = (id: string) => `job:${id}`;

function jobLabel(job: RecentFeedbackJob): string {
  return job.target ? plainText(job.target, 120) : l10n.t('Job {0} (no target listed)', shortJobId(job.id));
}

/** Seconds of the window left for a job, or undefined when its time or the window is unknown. */
export function secondsLeft(job: RecentFeedbackJob, now: number, windowSeconds: number | undefined): number | undefined {
  return job.ranAt === undefined || windowSeconds === undefined ? undefined : Math.ceil((job.ranAt + windowSeconds * 1000 - now) / 1000);
}

/** Newest first; jobs with no time last, in the order listed. */
function newestFirst(jobs: readonly RecentFeedbackJob[]): RecentFeedbackJob[] {
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => (b.job.ranAt ?? -Infinity) - (a.job.ranAt ?? -Infinity) || a.index - b.index)
    .map((entry) => entry.job);
}

/** A job's line under its label: its age, and the seconds left once the server's window is known. */
function openJobDescription(job: RecentFeedbackJob, now: number, windowSeconds: number | undefined): string {
  if (job.ranAt === undefined) return l10n.t('time unknown');
  const left = secondsLeft(job, now, windowSeconds);
  const ago = formatAgo(job.ranAt, now);
  if (left === undefined) return ago;
  // A countdown of the last hour in seconds; a longer window (a day) in hours and minutes.
  return left < 3_600 ? l10n.t('{0} · {1} s left', ago, formatExact(left)) : l10n.t('{0} · {1} left', ago, formatDuration(left * 1000));
}

/** Where the person's own id came from, said next to it. */
function sourceText(from: NonNullable<JobPickInput['draftSource']> | undefined): string {
  switch (from) {
    case 'selection':
      return l10n.t('from the editor selection');
    case 'clipboard':
      return l10n.t('from the clipboard');
    case 'command':
      return l10n.t('the job you asked to rate');
    case undefined:
      return l10n.t('entered before');
  }
}

/** Every option of the page, the one to highlight and what the placeholder says: pure, so it is unit-tested. */
export function jobPickOptions(input: JobPickInput): PickUpdate<JobChoice> & { activeKey: string } {
  const { endpoint, state, now, windowSeconds } = input;
  const jobs = state?.kind === 'loaded' ? newestFirst(state.jobs) : [];
  const open: RecentFeedbackJob[] = [];
  const expired: RecentFeedbackJob[] = [];
  for (const job of jobs) ((secondsLeft(job, now, windowSeconds) ?? 1) > 0 ? open : expired).push(job);

  const options: PickOption<JobChoice>[] = [];
  const draftId = singleJobId(input.draftId)?.toLowerCase();
  const draftOpen = draftId !== undefined && open.some((j) => j.id === draftId);
  const draftExpired = draftId !== undefined && expired.some((j) => j.id === draftId);
  // The person's own id (brought along or entered) can always be taken, even one the list thinks is
  // too old: the server decides, and its window may be longer than the one known here.
  if (draftId && !draftOpen) {
    const source = sourceText(input.draftSource);
    options.push({
      key: 'draft',
      value: { kind: 'job', id: draftId },
      label: draftId,
      description: draftExpired ? l10n.t('{0} · past the window', source) : source,
      icon: input.draftSource === 'clipboard' ? 'clippy' : 'symbol-key',
    });
  }
  if (open.length) options.push({ key: 'sep:open', value: { kind: 'paste' }, label: l10n.t('Recent {0} jobs', endpoint), separator: true });
  for (const job of open) {
    options.push({
      key: jobKey(job.id),
      value: { kind: 'job', id: job.id },
      label: jobLabel(job),
      description: openJobDescription(job, now, windowSeconds),
      detail: job.id,
      icon: 'clock',
    });
  }
  if (expired.length) {
    options.push({ key: 'sep:expired', value: { kind: 'paste' }, label: l10n.t('Past the feedback window'), separator: true });
    const shown = input.showAllExpired ? expired : expired.slice(0, EXPIRED_SHOWN);
    for (const job of shown) {
      options.push({
        key: jobKey(job.id),
        value: { kind: 'expired', id: job.id },
        label: jobLabel(job),
        description: l10n.t('{0} · expired', formatAgo(job.ranAt ?? now, now)),
        detail: job.id,
        icon: 'circle-slash',
      });
    }
    const hidden = expired.length - shown.length;
    if (hidden > 0) {
      options.push({ key: 'showExpired', value: { kind: 'showExpired' }, label: l10n.t('Show every job past the window ({0})', formatExact(expired.length)), icon: 'ellipsis' });
    }
  }
  options.push({ key: 'sep:paste', value: { kind: 'paste' }, label: '', separator: true });
  options.push({ key: 'paste', value: { kind: 'paste' }, label: l10n.t('Paste a job id…'), icon: 'edit', alwaysShow: true });

  // The job already chosen, else an id the person pointed at, else the newest open job.
  const chosen = draftOpen ? jobKey(draftId) : undefined;
  const pointed = draftId && !draftOpen && (input.draftSource === 'selection' || input.draftSource === 'command') ? 'draft' : undefined;
  const newest = open[0] ? jobKey(open[0].id) : undefined;
  const activeKey = chosen ?? pointed ?? newest ?? (draftId && !draftOpen ? 'draft' : 'paste');

  let placeholder: string;
  if (input.note) placeholder = input.note;
  else if (state === undefined || state.kind === 'loading') placeholder = l10n.t('Loading the recent {0} jobs…', endpoint);
  else if (state.kind === 'unavailable') placeholder = recentJobsUnavailableText(state.error, input.errors);
  else if (!jobs.length) placeholder = l10n.t('No {0} jobs of the last 24 hours are listed; paste the job id.', endpoint);
  else if (windowSeconds === undefined) placeholder = l10n.t('Which job? Newest first.');
  else if (!open.length) {
    placeholder = l10n.t('Every listed {0} job is past the feedback window ({1}); run the job again, or paste an id.', endpoint, formatSpan(windowSeconds));
  } else placeholder = l10n.t('Which job? This server takes feedback for {0} after a job.', formatSpan(windowSeconds));

  return { options, activeKey, busy: state === undefined || state.kind === 'loading', placeholder };
}

export const jobIdStep: WizardStep = async (state, ctx) => {
  const endpoint = ctx.draft.endpoint;
  const recent = ctx.recent;
  if (!endpoint || !recent) return jobIdInput(state, ctx, undefined);
  recent.prefetch(endpoint);
  // Usually loaded while the endpoint page was open; a moment more decides between list and box.
  if (recent.state(endpoint)?.kind === 'loading') await settled(recent, endpoint, ctx);
  const initial = recent.state(endpoint);
  // Nothing to pick from: the input box of old, with one line saying why.
  if (initial?.kind === 'unavailable') return jobIdInput(state, ctx, recentJobsUnavailableText(initial.error, ctx.errors));
  if (initial?.kind === 'loaded' && initial.jobs.length === 0) {
    return jobIdInput(state, ctx, endpoint === 'parse' ? l10n.t('Parse jobs are not in the list of recent jobs.') : l10n.t('No {0} jobs of the last 24 hours are listed.', endpoint));
  }

  const note = ctx.jobPageNote;
  delete ctx.jobPageNote;
  const build = () =>
    jobPickOptions({
      endpoint,
      state: recent.state(endpoint),
      now: ctx.now(),
      ...(ctx.windowSeconds !== undefined ? { windowSeconds: ctx.windowSeconds } : {}),
      draftId: ctx.draft.jobId,
      ...(ctx.draftIdSource && ctx.draftIdSource.id === ctx.draft.jobId ? { draftSource: ctx.draftIdSource.from } : {}),
      showAllExpired: ctx.showAllExpired === true,
      ...(note ? { note } : {}),
      ...(ctx.errors ? { errors: ctx.errors } : {}),
    });
  const first = build();
  const answer = await ctx.ui.pick<JobChoice>({
    ...frame(state, l10n.t('Job id'), 2),
    placeholder: first.placeholder ?? '',
    options: first.options,
    activeKey: state.ref.activeKey ?? first.activeKey,
    matchOnDescription: true,
    matchOnDetail: true,
    // An id pasted into the list's filter is offered as it is: Enter takes it.
    optionsForText: (text) => {
      const id = singleJobId(text)?.toLowerCase();
      if (!id || first.options.some((o) => o.key === jobKey(id))) return [];
      return [{ key: 'typed', value: { kind: 'job', id }, label: id, description: l10n.t('the id you pasted'), icon: 'symbol-key', alwaysShow: true }];
    },
    ...(first.busy ? { busy: true } : {}),
    live: (update) => {
      const subscription = recent.onDidChange((changed) => {
        if (changed === endpoint) update(build());
      });
      // The countdown: every second while the page is open (a clock is there in the editor and in tests).
      let tick: { dispose(): void } | undefined;
      const schedule = () => {
        tick = ctx.clock?.schedule(TICK_MS, () => {
          update(build());
          schedule();
        });
      };
      schedule();
      return () => {
        subscription.dispose();
        tick?.dispose();
      };
    },
  });
  // An id pasted into the filter stays in the draft on Back or Escape, as the id box keeps what was typed.
  const pasted = singleJobId(keptText(answer) ?? '');
  if (pasted) ctx.draft.jobId = pasted.toLowerCase();
  const left = leave(answer);
  if (left) return left;
  if (answer.kind !== 'accept') return { kind: 'stay' };
  const choice = answer.value;
  switch (choice.kind) {
    case 'job':
      ctx.draft.jobId = choice.id;
      return advance(state, { id: 'rating' });
    case 'expired':
      // Only reachable once the server stated its window: without one no job is called expired.
      ctx.jobPageNote = l10n.t('That job ran more than {0} ago, so Firecrawl would refuse its feedback; pick a newer one or run the job again.', formatSpan(ctx.windowSeconds ?? 0));
      return { kind: 'stay', activeKey: jobKey(choice.id) };
    case 'showExpired':
      ctx.showAllExpired = true;
      return { kind: 'stay', activeKey: 'paste' };
    case 'paste':
      // An id typed into the filter goes into the box; words typed to find this entry do not.
      return { kind: 'push', step: { id: 'jobIdText', ...(singleJobId(answer.text) ? { seed: answer.text } : {}) } };
  }
};
