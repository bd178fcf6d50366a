// A job's saved copy, kept under a size cap: the copy is what other windows and the next start show,
// and a few giant jobs must not fill the disk or make every window parse megabytes. What goes first
// is what matters least once the window that fetched the job is gone:
// - deep research: the oldest activities (the log of how it got there), then the oldest sources, then
//   the JSON result, and last the final analysis;
// - agent: the partial data while it is a preview (the next poll or the result replaces it), then the
//   last suggestions, and last the result; a run that ended with partial data only (stopped at its
//   credit limit) keeps it as its result, to go last.
// What was left out is written into the copy (`trimmed`), so the views can say so; a refresh fetches
// it all again while the service still has the job. Pure: no `vscode`, no Node built-ins.
import type { AgentJob, ResearchJob } from '../../../api';
import { stoppedAtCreditLimit } from './jobFacts';
import type { JobFile } from './storage';
import type { Trimmed } from './trackedJob';

export const DEFAULT_MAX_JOB_BYTES = 4 * 1024 * 1024;

/** Room for the `trimmed` counts themselves, which the copy gains when something is left out. */
const TRIMMED_ROOM = 160;

/** Bytes of `text` as UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Bytes of `text` as UTF-8, counted only when it could exceed `max` (a character is at most 3 bytes). */
function boundedLength(text: string, max: number): number {
  return text.length * 3 <= max ? text.length : utf8Length(text);
}

const jsonBytes = (value: unknown): number => (value === undefined ? 0 : utf8Length(JSON.stringify(value)));

/** Drops items from the front (`fromEnd`: from the back) until `excess` bytes are freed. */
function drop<T>(items: readonly T[], excess: number, fromEnd = false): { kept: T[]; dropped: number; freed: number } {
  let freed = 0;
  let dropped = 0;
  while (dropped < items.length && freed < excess) {
    const item = items[fromEnd ? items.length - 1 - dropped : dropped];
    freed += jsonBytes(item) + 1; // and its comma
    dropped++;
  }
  const kept = fromEnd ? items.slice(0, items.length - dropped) : items.slice(dropped);
  return { kept, dropped, freed };
}

function add(to: Trimmed, more: Partial<Trimmed>): Trimmed {
  const out: Trimmed = { activities: to.activities + (more.activities ?? 0), sources: to.sources + (more.sources ?? 0) };
  for (const key of ['suggestions', 'partialBytes', 'resultBytes'] as const) {
    const n = (to[key] ?? 0) + (more[key] ?? 0);
    if (n) out[key] = n;
  }
  return out;
}

function trimResearch(s: ResearchJob, excess: number): { snapshot: ResearchJob; more: Partial<Trimmed> } {
  const more: Partial<Trimmed> = {};
  let left = excess;
  const activities = drop(s.activities, left);
  left -= activities.freed;
  const sources = left > 0 ? drop(s.sources, left) : { kept: s.sources, dropped: 0, freed: 0 };
  left -= sources.freed;
  const snapshot: ResearchJob = { ...s, activities: activities.kept, sources: sources.kept };
  if (activities.dropped) more.activities = activities.dropped;
  if (sources.dropped) more.sources = sources.dropped;
  if (left > 0 && snapshot.json !== undefined) {
    const bytes = jsonBytes(snapshot.json);
    delete snapshot.json;
    more.resultBytes = bytes;
    left -= bytes;
  }
  if (left > 0 && snapshot.finalAnalysis !== undefined) {
    more.resultBytes = (more.resultBytes ?? 0) + utf8Length(snapshot.finalAnalysis);
    delete snapshot.finalAnalysis;
  }
  return { snapshot, more };
}

function trimAgent(s: AgentJob, excess: number): { snapshot: AgentJob; more: Partial<Trimmed> } {
  const more: Partial<Trimmed> = {};
  const snapshot: AgentJob = { ...s };
  let left = excess;
  // Partial data is a result only for a run stopped at its credit limit (agentResult); a run that
  // failed or was cancelled never shows it, so it goes first and is not missed as a result.
  const partialIsResult = snapshot.data === undefined && stoppedAtCreditLimit(snapshot);
  const dropPartial = () => {
    if (snapshot.partial === undefined) return;
    const bytes = jsonBytes(snapshot.partial);
    delete snapshot.partial;
    more[partialIsResult ? 'resultBytes' : 'partialBytes'] = bytes;
    left -= bytes;
  };
  if (!partialIsResult) dropPartial();
  if (left > 0 && snapshot.suggestions.length) {
    const suggestions = drop(snapshot.suggestions, left, true);
    snapshot.suggestions = suggestions.kept;
    if (suggestions.dropped) more.suggestions = suggestions.dropped;
    left -= suggestions.freed;
  }
  if (left > 0 && partialIsResult) dropPartial();
  if (left > 0 && snapshot.data !== undefined) {
    more.resultBytes = jsonBytes(snapshot.data);
    delete snapshot.data;
  }
  return { snapshot, more };
}

export interface FittedJobFile {
  text: string;
  /** Its size as UTF-8 (an estimate from below when far under the cap). */
  bytes: number;
  /** What this copy lacks, including what an earlier copy it came from lacked. */
  trimmed?: Trimmed;
  /** What was left out by this call (for the log). */
  trimmedNow?: Partial<Trimmed>;
  /** Still over the cap with nothing more to leave out (the status and ids alone are that large). */
  over?: boolean;
}

/** The file as JSON within `maxBytes` (UTF-8), leaving out what matters least first (see above). */
export function fitJobFile(file: JobFile, maxBytes: number): FittedJobFile {
  let text = JSON.stringify(file);
  let bytes = boundedLength(text, maxBytes);
  if (bytes <= maxBytes) return { text, bytes, ...(file.trimmed ? { trimmed: file.trimmed } : {}) };
  let current = file;
  let now: Partial<Trimmed> = {};
  // Each pass frees what the measured excess asks for; a pass or two is enough, a few are allowed.
  for (let pass = 0; pass < 4 && bytes > maxBytes; pass++) {
    const s = current.snapshot;
    if (!s) break;
    const excess = bytes - maxBytes + TRIMMED_ROOM;
    const { snapshot, more } = s.kind === 'deepResearch' ? trimResearch(s, excess) : trimAgent(s, excess);
    if (!Object.keys(more).length) break;
    now = add({ activities: 0, sources: 0, ...now }, more);
    current = { ...current, snapshot, trimmed: add(current.trimmed ?? { activities: 0, sources: 0 }, more) };
    text = JSON.stringify(current);
    bytes = utf8Length(text);
  }
  return { text, bytes, ...(current.trimmed ? { trimmed: current.trimmed } : {}), trimmedNow: now, ...(bytes > maxBytes ? { over: true } : {}) };
}

/** The log line's words for what a copy left out. */
export function describeTrimmed(t: Partial<Trimmed>): string {
  const parts: string[] = [];
  const n = (x: number) => x.toLocaleString('en-US');
  const mb = (x: number) => `${(x / 1024 / 1024).toFixed(1)} MB`;
  if (t.activities) parts.push(`the ${n(t.activities)} oldest activities`); // not localised: a log line
  if (t.sources) parts.push(`the ${n(t.sources)} oldest sources`); // not localised: a log line
  if (t.suggestions) parts.push(`the last ${n(t.suggestions)} suggestions`); // not localised: a log line
  if (t.partialBytes) parts.push(`the partial data (${mb(t.partialBytes)})`); // not localised: a log line
  if (t.resultBytes) parts.push(`the result (${mb(t.resultBytes)})`); // not localised: a log line
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}
