// A multipart/form-data body built by hand, so one code path serves a Node host (node:http takes the
// bytes) and a browser host (fetch takes them too) without FormData or Blob. Pure: no `vscode`.

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MultipartBody {
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

function boundary(): string {
  const random = new Uint8Array(12);
  globalThis.crypto.getRandomValues(random);
  // not localised: a wire format, read by the server
  return `----firecrawl-vscode-${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Quotes a header parameter: a file name cannot break out of its quotes or its line. */
function quoted(value: string): string {
  return `"${value.replace(/[\r\n]/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export function multipartBody(fields: ReadonlyArray<{ name: string; value: string }>, file: MultipartFile): MultipartBody {
  const mark = boundary();
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  // not localised: the wire format's headers (below too)
  for (const field of fields) parts.push(encoder.encode(`--${mark}\r\nContent-Disposition: form-data; name=${quoted(field.name)}\r\n\r\n${field.value}\r\n`));
  // not localised: as above
  parts.push(encoder.encode(`--${mark}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.filename)}\r\nContent-Type: ${file.contentType}\r\n\r\n`));
  parts.push(file.bytes);
  parts.push(encoder.encode(`\r\n--${mark}--\r\n`));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  // not localised: a header value
  return { contentType: `multipart/form-data; boundary=${mark}`, bytes };
}
