// Hop dashboard, the analytics page's live panel: the workspace's clicks as they happen,
// from /analytics/live (Server-Sent Events, the session's copy of GET /v1/analytics/live).
// Each click is a new first row of the table; the last 50 are kept. The stream holds one
// of the workspace's few live-stream slots, so it is closed when the page goes away
// (and opened again if the browser brings the page back from its cache). Without this
// file the panel says that it needs JavaScript.
(function () {
  "use strict";
  var MAX_ROWS = 50;

  // data-label: the column's name, shown before the value when a phone shows rows as cards.
  function cell(label, text) {
    var td = document.createElement("td");
    td.dataset.label = label;
    if (text !== undefined) { td.textContent = text; }
    return td;
  }

  function when(iso) {
    // "2026-03-02T14:05:00.123Z" → "14:05:00"; the page states UTC.
    var match = /T(\d\d:\d\d:\d\d)/.exec(iso || "");
    return match ? match[1] : iso;
  }

  function where(click) {
    var parts = [click.city, click.region, click.country].filter(function (part) { return part; });
    return parts.length ? parts.join(", ") : "unknown";
  }

  function row(click) {
    var tr = document.createElement("tr");
    tr.dataset.linkId = click.linkId;
    var time = cell("Time (UTC)");
    var stamp = document.createElement("time");
    stamp.dateTime = click.clickedAt;
    stamp.textContent = when(click.clickedAt);
    time.appendChild(stamp);
    tr.appendChild(time);
    var link = cell("Link");
    var anchor = document.createElement("a");
    anchor.href = "/links/" + encodeURIComponent(click.linkId) + "/analytics";
    anchor.className = "mono";
    anchor.textContent = click.shortCode;
    link.appendChild(anchor);
    tr.appendChild(link);
    tr.appendChild(cell("Where", where(click)));
    tr.appendChild(cell("Device", click.device + " · " + click.os));
    tr.appendChild(cell("Browser", click.browser));
    tr.appendChild(cell("Referrer", click.referrerHost || "direct"));
    tr.appendChild(cell("Bot", click.isBot ? "yes" : "no"));
    return tr;
  }

  function start(panel) {
    var rows = panel.querySelector("[data-live-rows]");
    var status = panel.querySelector("[data-live-status]");
    var source = null;

    function say(text) { status.textContent = text; }

    function open() {
      if (source) { return; }
      say("Connecting to the live stream…");
      source = new EventSource(panel.dataset.liveUrl);
      source.addEventListener("open", function () {
        say("Live: new clicks show at the top of the table (the last " + MAX_ROWS + " are kept).");
      });
      source.addEventListener("click", function (event) {
        var click;
        try { click = JSON.parse(event.data); } catch (error) { return; }
        var empty = rows.querySelector("[data-live-empty]");
        if (empty) { empty.remove(); }
        rows.insertBefore(row(click), rows.firstChild);
        while (rows.children.length > MAX_ROWS) { rows.lastElementChild.remove(); }
      });
      source.addEventListener("gap", function () {
        say("Live: some clicks may have been missed while the connection was down.");
      });
      source.addEventListener("error", function () {
        if (source && source.readyState === EventSource.CLOSED) {
          // Refused (this workspace has too many live streams open, or the session ended).
          say("The live stream is not available now (too many open in this workspace, or your session ended). Reload the page to try again.");
          source = null;
        } else {
          say("Reconnecting to the live stream…");
        }
      });
    }

    function close() {
      if (source) { source.close(); source = null; }
    }

    // The slot is freed as soon as the page goes away, not when the server next notices.
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", function (event) { if (event.persisted) { open(); } });
    open();
  }

  function init() {
    var panel = document.querySelector("[data-live-url]");
    if (panel && "EventSource" in window) { start(panel); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
