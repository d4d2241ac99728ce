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
import { createClient, createConfig } from "./generated/client/index.js";
export * from "./generated/sdk.gen.js";
function integerHeader(headers, name) {
    const value = headers.get(name);
    if (value === null || !/^\d+$/.test(value.trim()))
        return null;
    return Number(value);
}
/** The rate limit an answer reports, or null when it carries no `X-RateLimit-*` headers. */
export function readRateLimit(answer) {
    const headers = answer instanceof Headers ? answer : answer.headers;
    const limit = integerHeader(headers, "X-RateLimit-Limit");
    const remaining = integerHeader(headers, "X-RateLimit-Remaining");
    const reset = integerHeader(headers, "X-RateLimit-Reset");
    if (limit === null || remaining === null || reset === null)
        return null;
    return { limit, remaining, reset, retryAfter: integerHeader(headers, "Retry-After") };
}
/**
 * An error answer of the API: the problem+json document (RFC 9457) it carried, with the
 * HTTP answer itself and its rate limit. An answer that is not problem+json (a proxy's
 * error page) becomes a Problem too, titled by its status.
 */
export class Problem extends Error {
    /** A URN naming the kind of problem, such as `urn:hop:problem:validation` (docs/errors.md). */
    type;
    title;
    status;
    detail;
    /** For a 422: each field refused and why. */
    errors;
    response;
    rateLimit;
    constructor(document, response) {
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
    static fromAnswer(body, response) {
        const fields = typeof body === "object" && body !== null ? body : {};
        const text = typeof body === "string" ? body.trim().slice(0, 200) : "";
        return new Problem({
            type: typeof fields.type === "string" ? fields.type : "about:blank",
            title: typeof fields.title === "string" ? fields.title : response.statusText || `HTTP ${response.status}`,
            status: typeof fields.status === "number" ? fields.status : response.status,
            detail: typeof fields.detail === "string" ? fields.detail : text,
            errors: Array.isArray(fields.errors) ? fields.errors : [],
        }, response);
    }
}
async function randomKey() {
    const webCrypto = globalThis.crypto;
    if (webCrypto?.randomUUID)
        return webCrypto.randomUUID();
    // Node 18 has no global Web Crypto unless flagged; it has node:crypto.
    const nodeCrypto = "node:crypto";
    const { randomUUID } = (await import(nodeCrypto));
    return randomUUID();
}
/** A client of the Hop API at `baseUrl`; pass it as `client` to every operation. */
export function createHopClient(options) {
    const config = {
        baseUrl: options.baseUrl.replace(/\/+$/, ""),
        throwOnError: true,
        headers: options.headers,
    };
    if (options.apiKey !== undefined)
        config.auth = options.apiKey;
    if (options.fetch !== undefined)
        config.fetch = options.fetch;
    const client = createClient(createConfig(config));
    const makeKey = options.idempotencyKey ?? randomKey;
    let lastRateLimit = null;
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
    return client;
}
