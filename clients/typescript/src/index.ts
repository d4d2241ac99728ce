/**
 * Hop's TypeScript client.
 *
 * Every operation of the API is a function named by its OpenAPI operation id
 * (`createLink`, `listLinks`, `getLinkClicks`, ...), generated into ./generated/ from
 * clients/openapi.json by the pinned @hey-api/openapi-ts; this file is the small hand-written
 * part: a client configured with an API key that
 *
 * - throws a typed {@link Problem} for every problem+json answer (and any other error),
 * - sends an `Idempotency-Key` with every POST unless the call gives its own,
 * - keeps the rate-limit headers of the last answer readable ({@link HopClient.rateLimit}).
 *
 * Only `fetch` is used: Node 18+, browsers, workers and edge runtimes.
 */
import { type Client, type Config, createClient, createConfig } from "./generated/client/index.js";
import type { FieldError, Problem as ProblemDocument } from "./generated/types.gen.js";

export * from "./generated/sdk.gen.js";
export type * from "./generated/types.gen.js";
export type { Client, Config, Options, RequestResult } from "./generated/client/index.js";

/** What the `X-RateLimit-*` and `Retry-After` headers of an answer say (docs/api.md). */
export interface RateLimit {
  /** Requests allowed in the current window. */
  limit: number;
  /** Requests left in it. */
  remaining: number;
  /** When the window ends, in seconds since the Unix epoch. */
  reset: number;
  /** Seconds to wait before trying again (429 and 503 answers only). */
  retryAfter: number | null;
}

function integerHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/** The rate limit an answer reports, or null when it carries no `X-RateLimit-*` headers. */
export function readRateLimit(answer: Response | Headers): RateLimit | null {
  const headers = answer instanceof Headers ? answer : answer.headers;
  const limit = integerHeader(headers, "X-RateLimit-Limit");
  const remaining = integerHeader(headers, "X-RateLimit-Remaining");
  const reset = integerHeader(headers, "X-RateLimit-Reset");
  if (limit === null || remaining === null || reset === null) return null;
  return { limit, remaining, reset, retryAfter: integerHeader(headers, "Retry-After") };
}

/**
 * An error answer of the API: the problem+json document (RFC 9457) it carried, with the
 * HTTP answer itself and its rate limit. An answer that is not problem+json (a proxy's
 * error page) becomes a Problem too, titled by its status.
 */
export class Problem extends Error implements ProblemDocument {
  /** A URN naming the kind of problem, such as `urn:hop:problem:validation` (docs/errors.md). */
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  /** For a 422: each field refused and why. */
  readonly errors: FieldError[];
  readonly response: Response;
  readonly rateLimit: RateLimit | null;

  constructor(document: ProblemDocument, response: Response) {
    super(document.detail ? `${document.title}: ${document.detail}` : document.title);
    this.name = "Problem";
    this.type = document.type;
    this.title = document.title;
    this.status = document.status;
    this.detail = document.detail;
    this.errors = document.errors;
    this.response = response;
    this.rateLimit = readRateLimit(response);
  }

  /** The Problem of an error answer whose body was parsed as JSON if it could be. */
  static fromAnswer(body: unknown, response: Response): Problem {
    const fields = typeof body === "object" && body !== null ? (body as Partial<ProblemDocument>) : {};
    const text = typeof body === "string" ? body.trim().slice(0, 200) : "";
    return new Problem(
      {
        type: typeof fields.type === "string" ? fields.type : "about:blank",
        title: typeof fields.title === "string" ? fields.title : response.statusText || `HTTP ${response.status}`,
        status: typeof fields.status === "number" ? fields.status : response.status,
        detail: typeof fields.detail === "string" ? fields.detail : text,
        errors: Array.isArray(fields.errors) ? fields.errors : [],
      },
      response,
    );
  }
}

export interface HopClientOptions {
  /** The admin's address, such as `https://api.hop.example` (without `/v1`). */
  baseUrl: string;
  /** An API key (`svc_live_…`, `svc_test_…`) or an access token, sent as a Bearer token. */
  apiKey?: string;
  /**
   * How each POST's `Idempotency-Key` is made: a random UUID by default, `false` for none.
   * A call that passes its own `Idempotency-Key` header keeps it (to retry a request safely,
   * send the same key again).
   */
  idempotencyKey?: false | (() => string | Promise<string>);
  /** A `fetch` to use in place of the global one. */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A client for the generated functions (`createLink({ client, body })`). */
export interface HopClient extends Client {
  /** The rate limit reported by the last answer (null before the first). */
  readonly rateLimit: RateLimit | null;
}

async function randomKey(): Promise<string> {
  const webCrypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (webCrypto?.randomUUID) return webCrypto.randomUUID();
  // Node 18 has no global Web Crypto unless flagged; it has node:crypto.
  const nodeCrypto = "node:crypto";
  const { randomUUID } = (await import(nodeCrypto)) as { randomUUID: () => string };
  return randomUUID();
}

/** A client of the Hop API at `baseUrl`; pass it as `client` to every operation. */
export function createHopClient(options: HopClientOptions): HopClient {
  const config: Config = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    throwOnError: true,
    headers: options.headers,
  };
  if (options.apiKey !== undefined) config.auth = options.apiKey;
  if (options.fetch !== undefined) config.fetch = options.fetch;
  const client = createClient(createConfig(config));
  const makeKey = options.idempotencyKey ?? randomKey;
  let lastRateLimit: RateLimit | null = null;

  client.interceptors.request.use(async (request) => {
    if (makeKey !== false && request.method === "POST" && !request.headers.has("Idempotency-Key")) {
      request.headers.set("Idempotency-Key", await makeKey());
    }
    return request;
  });
  client.interceptors.response.use((response) => {
    lastRateLimit = readRateLimit(response) ?? lastRateLimit;
    return response;
  });
  client.interceptors.error.use((body, response) => Problem.fromAnswer(body, response));

  Object.defineProperty(client, "rateLimit", { get: () => lastRateLimit, enumerable: true });
  return client as HopClient;
}
