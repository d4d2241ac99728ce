// The options page: the admin's address and an API key, kept in chrome.storage.local. The
// extension may reach that origin only (an optional host permission asked for here); the
// key is checked with a request it must be allowed (GET /v1/links) before it is saved.
import { createHopClient, listLinks, Problem } from "./hop/index.js";
import { adminOrigin, describeError, loadSettings, originPattern } from "./shared.js";

const $ = (id) => document.getElementById(id);

function complain(text) {
  $("problem").textContent = text;
  $("problem").hidden = false;
  $("status").textContent = "";
}

async function fill() {
  const { adminUrl, apiKey } = await loadSettings();
  // Never over what was typed while the settings were read.
  $("admin-url").value ||= adminUrl;
  $("api-key").value ||= apiKey;
  document.body.dataset.ready = "true";
}

$("settings").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("problem").hidden = true;
  let origin;
  try {
    origin = adminOrigin($("admin-url").value);
  } catch (error) {
    complain(error.message);
    return;
  }
  const apiKey = $("api-key").value.trim();
  // Asked for while the click that saved counts as the person's gesture.
  const granted = await chrome.permissions.request({ origins: [originPattern(origin)] });
  if (!granted) {
    complain(`The extension needs your permission to reach ${origin}: save again and allow it.`);
    return;
  }
  $("status").textContent = "Checking the key…";
  try {
    await listLinks({ client: createHopClient({ baseUrl: origin, apiKey }), query: { limit: 1 } });
    const { adminUrl: previous } = await loadSettings();
    await chrome.storage.local.set({ adminUrl: origin, apiKey });
    // A permission for a Hop no longer used is given back.
    if (previous && previous !== origin) {
      await chrome.permissions.remove({ origins: [originPattern(previous)] }).catch(() => false);
    }
    $("admin-url").value = origin;
    $("status").textContent = `Saved: ${origin} accepted the key.`;
  } catch (error) {
    const refused = error instanceof Problem && error.status === 401;
    complain(refused ? "Hop did not accept this API key: nothing was saved." : describeError(error, origin));
  }
});

fill();
