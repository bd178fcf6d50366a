// Where job ids are on one line of a document or of the terminal. Logs can hold lines of megabytes;
// a hover reads only a bounded window around the pointer and a terminal line only its first part,
// so the work per hover or per line does not grow with the file or the line.
import { type JobIdRange, jobIdRanges } from '../../../shared/jobIds';
import { terminalAddressTest } from './terminalAddresses';

/** Characters read on each side of the hovered position. */
export const HOVER_REACH = 400;
/** Characters of a terminal line read for links (a wrapped line can be very long). */
export const TERMINAL_LINE_LIMIT = 2_000;

/** The id under `character` on `line`, if there is one, and how many characters were read to know. */
export function idAtPosition(line: string, character: number): { found: JobIdRange | undefined; scanned: number } {
  const { ranges, scanned } = jobIdRanges(line, character - HOVER_REACH, character + HOVER_REACH);
  return { found: ranges.find((r) => r.start <= character && character < r.end), scanned };
}

/**
 * Every id in the first TERMINAL_LINE_LIMIT characters of a terminal line, with where it is, but one
 * inside a URL or a path: VS Code asks an extension for links before it finds its own URL and file
 * links, and the terminal drops a later link that overlaps an earlier one, so linking the id would take
 * the whole address's link away. (Such an id still has its hover in an editor.)
 */
export function idsInTerminalLine(line: string): { ranges: JobIdRange[]; scanned: number } {
  const { ranges, scanned } = jobIdRanges(line, 0, TERMINAL_LINE_LIMIT);
  if (ranges.length === 0) return { ranges, scanned };
  // Only the part of the line read for links: a line of megabytes without a space is not walked to its end.
  const inAddress = terminalAddressTest(line.slice(0, TERMINAL_LINE_LIMIT));
  return { ranges: ranges.filter((r) => !inAddress(r.start, r.end)), scanned };
}
