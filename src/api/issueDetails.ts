// The `details` of an INVALID_BODY answer: zod issues (`{path:[…], message}`) as dotted paths and
// messages a person can act on. The current schema is a union, and zod 4 reports a failed union as
// one `invalid_union` issue ("Invalid input") with each branch's issues nested in `errors[][]`; the
// field is named only inside, so the branch that fits what was sent is read instead.
import * as l10n from '@vscode/l10n';
import type { FeedbackErrorDetail } from './errors';
import { formatPath } from './path';
import { redact, type Secrets } from './redact';

interface Issue {
  /** Relative to the whole body. */
  path: PropertyKey[];
  message: string;
  code: string;
  /** Depth of the path below the union the issue came from (0 = the union's own level). */
  depth: number;
}

/** Unions nest rarely; a hostile body must not make this recurse without end. */
const MAX_DEPTH = 4;
const MAX_ISSUES = 200;

function pathOf(value: unknown): PropertyKey[] {
  if (Array.isArray(value)) return value.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  return typeof value === 'string' ? [value] : [];
}

/**
 * How badly a branch fits what was sent: keys it does not know, or fields it requires that were not
 * sent at all, mean the body was written for another branch; otherwise fewer issues fit better.
 */
function misfit(branch: readonly Issue[]): number {
  let score = branch.length;
  for (const issue of branch) {
    if (issue.code === 'unrecognized_keys' && issue.depth === 0) score += 1_000;
    else if (issue.code === 'invalid_type' && issue.depth === 1 && /received undefined/i.test(issue.message)) score += 100;
  }
  return score;
}

function flatten(raw: unknown, prefix: PropertyKey[], level: number): Issue[] {
  if (!raw || typeof raw !== 'object') return [];
  const { path, message, code, errors } = raw as { path?: unknown; message?: unknown; code?: unknown; errors?: unknown };
  const own = pathOf(path);
  const full = [...prefix, ...own];
  if (code === 'invalid_union' && Array.isArray(errors) && level < MAX_DEPTH) {
    const branches = errors
      .filter(Array.isArray)
      .map((branch: unknown[]) => branch.slice(0, MAX_ISSUES).flatMap((issue) => flatten(issue, full, level + 1).map((i) => ({ ...i, depth: i.path.length - full.length }))))
      .filter((branch) => branch.length > 0);
    if (branches.length) return branches.reduce((best, branch) => (misfit(branch) < misfit(best) ? branch : best));
  }
  const said = typeof message === 'string' ? message : l10n.t({ message: 'invalid', args: [], comment: ["a field's problem when the service gave no reason"] });
  return [{ path: full, message: said, code: typeof code === 'string' ? code : '', depth: own.length }];
}

/** Issues as `{path: 'valuableSources[1].url', message}`, redacted, nested union branches resolved. */
export function readIssueDetails(details: unknown, secret: Secrets): FeedbackErrorDetail[] {
  if (!Array.isArray(details)) return [];
  const seen = new Set<string>();
  const out: FeedbackErrorDetail[] = [];
  for (const issue of details.slice(0, MAX_ISSUES).flatMap((d) => flatten(d, [], 0))) {
    const detail = { path: redact(formatPath(issue.path), secret).slice(0, 200), message: redact(issue.message, secret).slice(0, 500) };
    const key = `${detail.path}\u0000${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(detail);
  }
  return out;
}
