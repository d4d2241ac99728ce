// The service worker: the context-menu item "Shorten this link with Hop" on any link of a
// page. It shortens the link's address, copies the short URL (through an offscreen
// document: a service worker has no clipboard) and says how it went on the toolbar button:
// its badge, and its title holding the short URL or the error in plain words.
import { configuredClient, describeError, loadSettings, shorten, shortenable } from "./shared.js";

const MENU_ITEM = "hop-shorten-link";

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({
    id: MENU_ITEM,
    title: "Shorten this link with Hop",
    contexts: ["link"],
    targetUrlPatterns: ["http://*/*", "https://*/*"],
  });
});

async function copyText(text) {
  const url = chrome.runtime.getURL("offscreen.html");
  const open = await chrome.runtime.getContexts({ contextTypes: ["OFFSCREEN_DOCUMENT"], documentUrls: [url] });
  if (open.length === 0) {
    await chrome.offscreen.createDocument({
      url,
      reasons: ["CLIPBOARD"],
      justification: "Copy the short URL of a link shortened from the context menu",
    });
  }
  return chrome.runtime.sendMessage({ target: "offscreen", type: "copy", text });
}

async function tell(tabId, badge, colour, title) {
  await chrome.action.setBadgeBackgroundColor({ color: colour, tabId });
  await chrome.action.setBadgeText({ text: badge, tabId });
  await chrome.action.setTitle({ title, tabId });
}

/**
 * Shorten `url` and copy the short URL; the outcome is also returned, as
 * { shortUrl } or { error } (a sentence), for the menu and for the tests, which call
 * this from the service worker's global scope.
 */
async function shortenFromMenu(url, tabId = undefined) {
  const { adminUrl } = await loadSettings();
  let outcome;
  try {
    if (!shortenable(url)) throw new Error("Only http and https links can be shortened.");
    const { link } = await shorten(await configuredClient(), url);
    const copied = await copyText(link.shortUrl).catch(() => false);
    outcome = { shortUrl: link.shortUrl, copied: copied === true };
  } catch (error) {
    outcome = { error: describeError(error, adminUrl) };
  }
  if (tabId !== undefined) {
    if (outcome.error) {
      await tell(tabId, "!", "#b00020", `Hop: ${outcome.error}`);
    } else {
      const how = outcome.copied ? "copied" : "made (copying failed)";
      await tell(tabId, "✓", "#1b7f3b", `Hop: ${outcome.shortUrl} ${how}`);
    }
  }
  return outcome;
}
globalThis.shortenFromMenu = shortenFromMenu;

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_ITEM) shortenFromMenu(info.linkUrl, tab?.id);
});
