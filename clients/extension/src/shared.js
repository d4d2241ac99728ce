// What the popup, the options page and the service worker share: the settings, a client of
// the TypeScript SDK (./hop/, copied in by ../build), shortening, QR images and errors in
// plain words.
import {
  createHopClient,
  createLink,
  createQrCode,
  getLink,
  getQrImage,
  listQrCodes,
  Problem,
} from "./hop/index.js";

/** The settings, in chrome.storage.local: the admin's address and an API key. */
export async function loadSettings() {
  const { adminUrl = "", apiKey = "" } = await chrome.storage.local.get(["adminUrl", "apiKey"]);
  return { adminUrl, apiKey };
}

/**
 * The address as an origin (`https://hop.example`), or an error saying what is wrong. The
 * key is only ever sent there: it is the client's base URL, and the only host the
 * extension asks permission for.
 */
export function adminOrigin(address) {
  let url;
  try {
    url = new URL(address.trim());
  } catch {
    throw new Error("The Hop address is not a URL: write it like https://hop.example.com");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error("The Hop address must start with https:// (or http:// for a local Hop)");
  }
  if (url.username || url.password) {
    throw new Error("The Hop address must not hold a user name or password");
  }
  return url.origin;
}

/** The host-permission pattern of an origin, for chrome.permissions. */
export function originPattern(origin) {
  return `${origin}/*`;
}

export class NotConfigured extends Error {
  constructor() {
    super("Set your Hop address and API key in the extension's options first.");
    this.name = "NotConfigured";
  }
}

/** A client of the configured Hop, or NotConfigured. */
export async function configuredClient() {
  const { adminUrl, apiKey } = await loadSettings();
  if (!adminUrl || !apiKey) throw new NotConfigured();
  return createHopClient({ baseUrl: adminUrl, apiKey });
}

/** `text` ending in one full stop. */
function sentence(text) {
  const trimmed = String(text).trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A sentence for a person, whatever went wrong. */
export function describeError(error, adminUrl = "") {
  return sentence(describe(error, adminUrl));
}

function describe(error, adminUrl) {
  if (error instanceof NotConfigured) return error.message;
  if (error instanceof Problem) {
    switch (error.status) {
      case 401:
        return "Hop did not accept the API key: check it in the extension's options.";
      case 403:
        return `Hop refused: ${error.detail || "this API key may not do that"}`;
      case 404:
        return "Hop no longer has that link.";
      case 409:
        return `Hop refused: ${error.detail || error.title}`;
      case 422: {
        const fields = error.errors.map((field) => `${field.field} ${field.message}`);
        return `Hop refused this: ${fields.join("; ") || error.detail}`;
      }
      case 429: {
        const wait = error.rateLimit?.retryAfter ?? Number(error.response.headers.get("Retry-After"));
        return wait ? `Too many requests: try again in ${wait} seconds.` : "Too many requests: try again later.";
      }
      default:
        return `Hop answered ${error.status} ${error.title}${error.detail ? `: ${error.detail}` : ""}`;
    }
  }
  if (error instanceof TypeError) {
    const where = adminUrl ? ` at ${adminUrl}` : "";
    return `Could not reach Hop${where}: check the address in the options and that Hop is up.`;
  }
  return error?.message ? String(error.message) : String(error);
}

/** Whether a page's address can be a link's destination. */
export function shortenable(url) {
  return typeof url === "string" && /^https?:\/\//i.test(url);
}

// Links made by this browser, by destination (newest last, at most MADE_KEPT): opening the
// popup again on the same page shows the same link instead of making another.
const MADE_KEPT = 100;

async function madeLinks() {
  const { made = [] } = await chrome.storage.local.get("made");
  return made;
}

async function rememberLink(link, qrId = undefined) {
  const made = (await madeLinks()).filter((entry) => entry.id !== link.id && entry.longUrl !== link.longUrl);
  made.push({ id: link.id, longUrl: link.longUrl, qrId });
  await chrome.storage.local.set({ made: made.slice(-MADE_KEPT) });
}

/**
 * The short link of `url`: the one this browser made for it before if Hop still has it,
 * else a new one. Returns { link, created }.
 */
export async function shorten(client, url) {
  const known = (await madeLinks()).findLast((entry) => entry.longUrl === url);
  if (known) {
    try {
      const { data } = await getLink({ client, path: { link_id: known.id } });
      if (data.longUrl === url && data.status !== "expired") return { link: data, created: false };
    } catch (error) {
      if (!(error instanceof Problem && error.status === 404)) throw error;
    }
  }
  const { data: link } = await createLink({ client, body: { longUrl: url } });
  await rememberLink(link);
  return { link, created: true };
}

/** Record a link's new state (after an edit). */
export async function remember(link) {
  const entry = (await madeLinks()).find((made) => made.id === link.id);
  await rememberLink(link, entry?.qrId);
}

/** The id of the link's QR code (a `link` code of /v1/qr), made on first use. */
async function qrCodeOf(client, link) {
  const entry = (await madeLinks()).find((made) => made.id === link.id);
  if (entry?.qrId) return entry.qrId;
  let qrId;
  try {
    const { data } = await createQrCode({ client, body: { type: "link", data: { linkId: link.id } } });
    qrId = data.id;
  } catch (error) {
    // A link has at most one QR code: made elsewhere (the dashboard), find it.
    if (!(error instanceof Problem && error.status === 409)) throw error;
    const { data: page } = await listQrCodes({ client, query: { limit: 200 } });
    const existing = page.data.find((code) => code.type === "link" && code.linkId === link.id);
    if (!existing) throw error;
    qrId = existing.id;
  }
  await rememberLink(link, qrId);
  return qrId;
}

/** The link's QR code as an SVG Blob, from the API's image endpoint. */
export async function qrImage(client, link) {
  const qrId = await qrCodeOf(client, link);
  const { data } = await getQrImage({
    client,
    path: { qr_id: qrId },
    query: { format: "svg", scale: 6, border: 2 },
    parseAs: "blob",
  });
  return data;
}
