/** `['periods', 2, 'startDate']` → `periods[2].startDate`, the way every error in this client names a field. */
export function formatPath(parts: ReadonlyArray<PropertyKey>): string {
  return parts.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}
