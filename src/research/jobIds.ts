// Deep research job ids are UUIDs. People paste them from logs, JSON, URLs and SDK output, often
// several at once, so parsing is lenient about what surrounds an id and strict about the id itself.

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const EXACT = new RegExp(`^${UUID_SOURCE}$`, 'i');
// Hex neighbours would make a longer token that only looks like it contains an id.
const EMBEDDED = new RegExp(`(?<![0-9a-f-])${UUID_SOURCE}(?![0-9a-f-])`, 'gi');
const SEPARATORS = /[\s,;]+/;
const WRAPPERS = /^["'`([{<]+|["'`)\]}>.:]+$/g;

export function isJobId(text: string): boolean {
  return EXACT.test(text.trim());
}

/** Every distinct id found anywhere in `text`, lower-cased, in order of appearance. */
export function findJobIds(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(EMBEDDED)) seen.add(match[0].toLowerCase());
  return [...seen];
}

export interface JobIdInput {
  ids: string[];
  /** Tokens that hold no id, as typed (for the validation message). */
  invalid: string[];
}

/**
 * What an input box holds: tokens split on whitespace, commas and semicolons; each must be an id or
 * contain one (a URL or `"id":"…"` pasted whole counts).
 */
export function parseJobIdInput(text: string): JobIdInput {
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(SEPARATORS)) {
    const token = raw.replace(WRAPPERS, '');
    if (!token) continue;
    const found = findJobIds(token);
    if (found.length === 1 && found[0]) {
      if (!ids.includes(found[0])) ids.push(found[0]);
    } else if (found.length > 1) {
      for (const id of found) if (!ids.includes(id)) ids.push(id);
    } else {
      invalid.push(raw);
    }
  }
  return { ids, invalid };
}

export function shortJobId(id: string): string {
  return id.slice(0, 8);
}
