// The built client (dist/) against a running Hop: what a JavaScript developer does with it.
// Run by tests/e2e/test_typescript_client.py, which starts the stack and sets:
//   HOP_ADMIN_URL, HOP_API_KEY   an admin and a pro account's live key
//   HOP_EDGE_URL                 the edge of that stack (its worker counts clicks)
//   HOP_LIMITED_ADMIN_URL, HOP_LIMITED_API_KEY, HOP_LIMITED_PER_MINUTE
//                                an admin whose minute window is pinned, and a free
//                                account's key whose limit per minute is that number
// By hand: `node --test test/` with those set.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  createHopClient,
  createLink,
  deleteLink,
  getLink,
  getLinkClicks,
  getWebhook,
  listLinks,
  listWebhookDeliveries,
  Problem,
  readRateLimit,
  registerWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateLink,
  updateWebhook,
} from "../dist/index.js";

function setting(name) {
  const value = process.env[name];
  assert.ok(value, `${name} is not set`);
  return value;
}

const adminUrl = setting("HOP_ADMIN_URL");
const client = createHopClient({ baseUrl: adminUrl, apiKey: setting("HOP_API_KEY") });

/** The Problem a call rejects with (it must reject with one). */
async function problemOf(call) {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof Problem, `not a Problem: ${error}`);
    return error;
  }
  assert.fail("the call succeeded");
}

test("create, get, update, delete", async () => {
  const { data: link, response } = await createLink({
    client,
    body: { longUrl: "https://example.com/ts", tags: ["ts"] },
  });
  assert.equal(response.status, 201);
  assert.match(link.id, /^lnk_/);
  assert.equal(link.longUrl, "https://example.com/ts");
  assert.deepEqual(link.tags, ["ts"]);
  assert.equal(link.status, "active");

  const { data: fetched } = await getLink({ client, path: { link_id: link.id } });
  assert.equal(fetched.shortUrl, link.shortUrl);

  const { data: changed } = await updateLink({
    client,
    path: { link_id: link.id },
    body: { longUrl: "https://example.com/ts-2", tags: null },
  });
  assert.equal(changed.longUrl, "https://example.com/ts-2");
  assert.deepEqual(changed.tags, []);

  const deleted = await deleteLink({ client, path: { link_id: link.id } });
  assert.equal(deleted.response.status, 204);
  const gone = await problemOf(getLink({ client, path: { link_id: link.id } }));
  assert.equal(gone.status, 404);
});

test("list pages through every link", async () => {
  const tag = `paging-ts-${Date.now()}`;
  const made = new Set();
  for (let n = 0; n < 5; n++) {
    const { data } = await createLink({ client, body: { longUrl: `https://example.com/p/${n}`, tags: [tag] } });
    made.add(data.id);
  }
  const seen = [];
  let cursor;
  for (;;) {
    const { data: page } = await listLinks({ client, query: { limit: 2, tag: [tag], cursor } });
    assert.ok(page.data.length <= 2);
    seen.push(...page.data.map((link) => link.id));
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  assert.equal(seen.length, made.size);
  assert.deepEqual(new Set(seen), made);
});

test("POSTs carry an Idempotency-Key: a new one each call, or the caller's", async () => {
  const sent = [];
  const recording = createHopClient({
    baseUrl: adminUrl,
    apiKey: setting("HOP_API_KEY"),
    fetch: (request) => {
      sent.push(request.headers.get("Idempotency-Key"));
      return fetch(request);
    },
  });
  const body = { longUrl: "https://example.com/idempotent" };
  const first = await createLink({ client: recording, body });
  const second = await createLink({ client: recording, body });
  assert.notEqual(first.data.id, second.data.id);
  assert.match(sent[0], /^[0-9a-f-]{36}$/);
  assert.notEqual(sent[0], sent[1]);

  // A retry with the same key is answered from the first request: one link, not two.
  const headers = { "Idempotency-Key": `retry-${Date.now()}` };
  const once = await createLink({ client: recording, body, headers });
  const again = await createLink({ client: recording, body, headers });
  assert.equal(again.data.id, once.data.id);
  assert.deepEqual(sent.slice(2), [headers["Idempotency-Key"], headers["Idempotency-Key"]]);

  // GETs carry none.
  await getLink({ client: recording, path: { link_id: once.data.id } });
  assert.equal(sent.at(-1), null);
});

test("clicks", async () => {
  const { data: link } = await createLink({ client, body: { longUrl: "https://example.com/clicked" } });
  const edgeUrl = setting("HOP_EDGE_URL");
  for (let n = 0; n < 3; n++) {
    const answer = await fetch(`${edgeUrl}/${link.shortCode}`, {
      redirect: "manual",
      headers: { "User-Agent": "Mozilla/5.0" },
    });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get("location"), "https://example.com/clicked");
  }
  // The worker writes clicks in batches: wait for all three.
  const deadline = Date.now() + 30_000;
  let clicks;
  do {
    ({ data: clicks } = await getLinkClicks({ client, path: { link_id: link.id } }));
    if (clicks.totals.total >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  } while (Date.now() < deadline);
  assert.equal(clicks.linkId, link.id);
  assert.equal(clicks.totals.total, 3);
  assert.equal(clicks.clicks.length, 3);
});

test("webhooks", async () => {
  const { data: created } = await registerWebhook({
    client,
    body: { endpoint: "http://127.0.0.1:9/hooks", events: ["link.created"] },
  });
  assert.match(created.secret, /^whsec_/);

  const { data: changed } = await updateWebhook({
    client,
    path: { webhook_id: created.id },
    body: { events: ["*"] },
  });
  assert.deepEqual(changed.events, ["*"]);
  const { data: fetched } = await getWebhook({ client, path: { webhook_id: created.id } });
  assert.equal(fetched.status, "active");

  const { data: rotated } = await rotateWebhookSecret({ client, path: { webhook_id: created.id } });
  assert.notEqual(rotated.secret, created.secret);

  const { data: queued } = await sendWebhookTest({ client, path: { webhook_id: created.id } });
  assert.equal(queued.eventType, "webhook.test");
  const { data: attempts } = await listWebhookDeliveries({
    client,
    path: { webhook_id: created.id },
    query: { limit: 10 },
  });
  // Attempts appear as the worker makes them (this endpoint refuses connections).
  assert.ok(Array.isArray(attempts.data));
  for (const attempt of attempts.data.filter((made) => made.deliveryId === queued.id)) {
    assert.equal(attempt.eventType, "webhook.test");
  }
});

test("error answers are typed Problems", async () => {
  const refused = await problemOf(createLink({ client, body: { longUrl: "ftp://example.com/x" } }));
  assert.equal(refused.status, 422);
  assert.match(refused.type, /^urn:hop:problem:/);
  assert.deepEqual(
    refused.errors.map((error) => error.field),
    ["longUrl"],
  );
  assert.equal(refused.response.headers.get("content-type").split(";")[0], "application/problem+json");
  assert.ok(refused.message.startsWith(refused.title));

  const stranger = createHopClient({ baseUrl: adminUrl, apiKey: `svc_live_${"x".repeat(32)}` });
  const denied = await problemOf(listLinks({ client: stranger }));
  assert.equal(denied.status, 401);

  const missing = await problemOf(getLink({ client, path: { link_id: "lnk_doesnotexist" } }));
  assert.equal(missing.status, 404);
  assert.equal(missing.title, "Not Found");
});

test("rate-limit headers count down, then a 429 Problem says when to retry", async () => {
  const limited = createHopClient({
    baseUrl: setting("HOP_LIMITED_ADMIN_URL"),
    apiKey: setting("HOP_LIMITED_API_KEY"),
  });
  const perMinute = Number(setting("HOP_LIMITED_PER_MINUTE"));
  assert.equal(limited.rateLimit, null);
  for (let n = 0; n < perMinute; n++) {
    const { response } = await listLinks({ client: limited, query: { limit: 1 } });
    const rateLimit = readRateLimit(response);
    assert.deepEqual(limited.rateLimit, rateLimit);
    assert.equal(rateLimit.limit, perMinute);
    assert.equal(rateLimit.remaining, perMinute - 1 - n);
    assert.equal(rateLimit.reset % 60, 0);
  }
  const refused = await problemOf(listLinks({ client: limited }));
  assert.equal(refused.status, 429);
  assert.equal(refused.title, "Rate Limited");
  assert.equal(refused.rateLimit.remaining, 0);
  assert.equal(refused.rateLimit.limit, perMinute);
  // The pinned clock reads half past a minute: 30 seconds to the next.
  assert.equal(refused.rateLimit.retryAfter, 30);
  assert.equal(limited.rateLimit.remaining, 0);
});
