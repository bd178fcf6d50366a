// The answers of the routes that run work (scrape, search, map, agent start): their schemas and
// normalisation into ./model, built on first use like ./schemas. A scrape of a site that cannot be
// reached is a 200 with `success:false`: the caller reads `unsuccessfulResponse` first and turns it
// into an error, since such a body need not carry the fields a success has (a map's `links`).
import * as z from 'zod/mini';
import { isJobId, normalizeJobId } from '../shared/jobIds';
import type { AgentStarted, MapResult, ScrapeResult, SearchHit, SearchResult } from './model';

function build() {
  const text = z.optional(z.nullable(z.string()));
  const count = z.optional(z.nullable(z.number()));
  const stringOrList = z.optional(z.nullable(z.union([z.string(), z.array(z.string())])));

  const scrapeResponse = z.object({
    success: z.optional(z.boolean()),
    error: text,
    warning: text,
    data: z.optional(
      z.nullable(
        z.object({
          markdown: text,
          warning: text,
          metadata: z.optional(
            z.nullable(
              z.object({
                // Titles of some pages come as lists.
                title: stringOrList,
                sourceURL: text,
                url: text,
                statusCode: count,
                scrapeId: text,
                creditsUsed: count,
                contentType: text,
              }),
            ),
          ),
        }),
      ),
    ),
  });

  const hit = z.object({ url: z.string(), title: text, description: text });

  const searchResponse = z.object({
    success: z.optional(z.boolean()),
    error: text,
    id: text,
    creditsUsed: count,
    warning: text,
    data: z.optional(z.nullable(z.object({ web: z.optional(z.nullable(z.array(hit))) }))),
  });

  const mapResponse = z.object({
    success: z.optional(z.boolean()),
    error: text,
    id: text,
    creditsUsed: count,
    warning: text,
    // Older servers list plain URLs.
    links: z.array(z.union([z.string(), hit])),
  });

  const agentStartResponse = z.object({ success: z.optional(z.boolean()), error: text, id: text });

  const unsuccessfulResponse = z.object({ success: z.literal(false), error: text });

  return { scrapeResponse, searchResponse, mapResponse, agentStartResponse, unsuccessfulResponse };
}

type RunSchemas = ReturnType<typeof build>;
let built: RunSchemas | undefined;

export function runSchemas(): RunSchemas {
  return (built ??= build());
}

/**
 * A job id the answer names, only when it is one: the id is shown beside our own words (a result's
 * header, what an AI agent reads outside the fence around page text), where other text from the
 * server could pass for ours.
 */
function jobIdOf(value: string | null | undefined): string | undefined {
  // In the one form every other id takes here (feedback sends it so, and its answer is matched by it).
  return value && isJobId(value) ? normalizeJobId(value) : undefined;
}

function titleText(value: string | string[] | null | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(' · ') : value;
  return joined?.trim() || undefined;
}

export function normalizeScrape(body: z.infer<RunSchemas['scrapeResponse']>): ScrapeResult {
  const data = body.data ?? {};
  const meta = data.metadata ?? {};
  const result: ScrapeResult = { markdown: data.markdown ?? '' };
  const title = titleText(meta.title);
  const jobId = jobIdOf(meta.scrapeId);
  if (jobId) result.jobId = jobId;
  if (title) result.title = title;
  if (meta.sourceURL) result.sourceUrl = meta.sourceURL;
  if (meta.url) result.finalUrl = meta.url;
  if (typeof meta.statusCode === 'number') result.statusCode = meta.statusCode;
  if (typeof meta.creditsUsed === 'number') result.creditsUsed = meta.creditsUsed;
  if (meta.contentType) result.contentType = meta.contentType;
  const warning = data.warning ?? body.warning;
  if (warning) result.warning = warning;
  return result;
}

function normalizeHit(h: string | { url: string; title?: string | null | undefined; description?: string | null | undefined }): SearchHit {
  if (typeof h === 'string') return { url: h };
  const out: SearchHit = { url: h.url };
  if (h.title?.trim()) out.title = h.title.trim();
  if (h.description?.trim()) out.description = h.description.trim();
  return out;
}

export function normalizeSearch(body: z.infer<RunSchemas['searchResponse']>): SearchResult {
  const result: SearchResult = { hits: (body.data?.web ?? []).map(normalizeHit) };
  const jobId = jobIdOf(body.id);
  if (jobId) result.jobId = jobId;
  if (typeof body.creditsUsed === 'number') result.creditsUsed = body.creditsUsed;
  if (body.warning) result.warning = body.warning;
  return result;
}

export function normalizeMap(body: z.infer<RunSchemas['mapResponse']>): MapResult {
  const result: MapResult = { links: body.links.map(normalizeHit) };
  const jobId = jobIdOf(body.id);
  if (jobId) result.jobId = jobId;
  if (typeof body.creditsUsed === 'number') result.creditsUsed = body.creditsUsed;
  if (body.warning) result.warning = body.warning;
  return result;
}

/** undefined when a successful answer names no run, or names it by something that is no job id (nothing to follow). */
export function normalizeAgentStart(body: z.infer<RunSchemas['agentStartResponse']>): AgentStarted | undefined {
  const id = jobIdOf(body.id);
  return id ? { id } : undefined;
}
