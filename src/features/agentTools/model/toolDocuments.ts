// The whole of what an AI agent fetched, kept in this window for the person to open (the model saw it
// trimmed). The newest few stay; the oldest go first once there are too many or they hold too much.
// Pure: no `vscode`.

export interface ToolDocument {
  key: string;
  /** Our words: what was fetched (shown in the pick). */
  title: string;
  text: string;
  at: number;
}

const MAX_DOCUMENTS = 20;
const MAX_TOTAL_CHARS = 20 * 1024 * 1024;

export class ToolDocuments {
  private readonly documents = new Map<string, ToolDocument>();
  private counter = 0;
  private total = 0;

  add(title: string, text: string, at: number): ToolDocument {
    const key = `${++this.counter}-${at.toString(36)}`;
    const document = { key, title, text, at };
    this.documents.set(key, document);
    this.total += text.length;
    for (const [oldest, d] of this.documents) {
      if (this.documents.size <= MAX_DOCUMENTS && this.total <= MAX_TOTAL_CHARS) break;
      if (oldest === key) break;
      this.documents.delete(oldest);
      this.total -= d.text.length;
    }
    return document;
  }

  get(key: string): ToolDocument | undefined {
    return this.documents.get(key);
  }

  /** Newest first. */
  list(): ToolDocument[] {
    return [...this.documents.values()].reverse();
  }
}
