// The toolbar popup: shorten the current tab at once and copy the short URL; show its QR
// code; change its alias and tags; list the account's last ten links.
import { listLinks, updateLink } from "./hop/index.js";
import {
  configuredClient,
  describeError,
  loadSettings,
  NotConfigured,
  qrImage,
  remember,
  shorten,
  shortenable,
} from "./shared.js";

const $ = (id) => document.getElementById(id);
let client;
let current;
let adminUrl = "";

function say(text) {
  $("status").textContent = text;
}

function complain(error) {
  $("problem").textContent = describeError(error, adminUrl);
  $("problem").hidden = false;
  $("status").textContent = "";
  if (error instanceof NotConfigured) $("setup").hidden = false;
}

/** The tab to shorten: the active one; `?tab=<id>` names one when the popup is opened as a page. */
async function targetTab() {
  const named = new URLSearchParams(location.search).get("tab");
  if (named) return chrome.tabs.get(Number(named));
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function show(link) {
  current = link;
  $("short-url").value = link.shortUrl;
  $("long-url").textContent = link.longUrl;
  $("alias").value = link.shortCode;
  $("tags").value = link.tags.join(", ");
  $("result").hidden = false;
}

async function showQr(link) {
  try {
    const image = await qrImage(client, link);
    const old = $("qr").src;
    $("qr").src = URL.createObjectURL(image);
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    $("qr-figure").hidden = false;
  } catch (error) {
    complain(error);
  }
}

async function showRecent() {
  const { data: page } = await listLinks({ client, query: { limit: 10 } });
  const items = page.data.map((link) => {
    const item = document.createElement("li");
    const anchor = document.createElement("a");
    anchor.href = link.shortUrl;
    anchor.target = "_blank";
    anchor.rel = "noopener";
    anchor.textContent = link.shortUrl;
    const to = document.createElement("span");
    to.className = "to";
    to.textContent = link.longUrl;
    item.append(anchor, to);
    return item;
  });
  $("recent").replaceChildren(...items);
  if (items.length === 0) $("recent").textContent = "No links yet.";
  $("recent-section").hidden = false;
}

async function shortenTab() {
  const tab = await targetTab();
  if (!shortenable(tab?.url)) {
    say("");
    $("problem").textContent = "This page cannot be shortened: only http and https addresses can.";
    $("problem").hidden = false;
    return;
  }
  const { link } = await shorten(client, tab.url);
  show(link);
  say((await copy(link.shortUrl)) ? "Copied to the clipboard." : "Shortened: press Copy to copy it.");
  await showQr(link);
}

$("copy").addEventListener("click", async () => {
  say((await copy($("short-url").value)) ? "Copied to the clipboard." : "Could not copy: select the link and copy it.");
});

$("open-options").addEventListener("click", () => chrome.runtime.openOptionsPage());

$("edit").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("problem").hidden = true;
  const body = {
    tags: $("tags")
      .value.split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
  const alias = $("alias").value.trim();
  if (alias && alias !== current.shortCode) body.alias = alias;
  $("save").disabled = true;
  try {
    const { data: link } = await updateLink({ client, path: { link_id: current.id }, body });
    await remember(link);
    show(link);
    say((await copy(link.shortUrl)) ? "Saved, and copied to the clipboard." : "Saved.");
    if (body.alias) await showQr(link); // the code holds the short URL: it changed
    await showRecent();
  } catch (error) {
    complain(error);
  } finally {
    $("save").disabled = false;
  }
});

async function main() {
  try {
    ({ adminUrl } = await loadSettings());
    client = await configuredClient();
    await shortenTab();
  } catch (error) {
    complain(error);
  }
  if (client) {
    try {
      await showRecent();
    } catch (error) {
      complain(error);
    }
  }
  document.body.dataset.ready = "true";
}

main();
