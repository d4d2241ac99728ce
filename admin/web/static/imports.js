// Hop dashboard, the import pages: enhancements only; both pages work without this file.
// The form: only the chosen source's fieldset shows (without this script all of them
// do, and the select says which one is read). A running job's page: its progress
// (GET /imports/:id/progress, JSON) is asked for every two seconds and the bar and counts
// updated in place; when the job ends the page's job section is fetched once and put in
// place (its errors, remaps and no Cancel button), without a reload.
(function () {
  "use strict";
  var INTERVAL = 2000;  // dashboard requests count against the workspace's rate limit
  var MAX_INTERVAL = 30000;

  function announce(text) {
    var region = document.getElementById("announcer");
    if (region) { region.textContent = ""; window.setTimeout(function () { region.textContent = text; }, 50); }
  }

  function chooseSource(select) {
    var form = select.form;
    function show() {
      Array.prototype.forEach.call(form.querySelectorAll("fieldset[data-source]"), function (set) {
        var chosen = set.dataset.source === select.value;
        set.hidden = !chosen;
        set.disabled = !chosen; // a hidden source's inputs are not sent
      });
    }
    select.addEventListener("change", show);
    show();
  }

  function setText(root, name, value) {
    var element = root.querySelector('[data-field="' + name + '"]');
    if (element) { element.textContent = value; }
  }

  function update(root, progress) {
    var bar = root.querySelector("progress[data-bar]");
    if (bar) {
      bar.max = progress.max;
      if (progress.value === null) { bar.removeAttribute("value"); } else { bar.value = progress.value; }
      bar.textContent = progress.summary;
    }
    setText(root, "statusLabel", progress.statusLabel);
    setText(root, "summary", progress.summary);
    ["imported", "remapped", "skipped", "failed"].forEach(function (name) {
      setText(root, name, progress[name].toLocaleString("en"));
    });
    var reason = root.querySelector('[data-field="reason"]');
    if (reason) {
      reason.textContent = progress.reason || "";
      reason.hidden = !progress.reason;
    }
  }

  // The ended job's section from the page itself: errors, remaps, no live controls.
  function replaceWithEnded(root, progress) {
    window.fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("import-job");
        if (fresh) { root.replaceWith(document.importNode(fresh, true)); }
      })
      .catch(function () { /* the counts shown are final already */ })
      .then(function () { announce("The import is " + progress.statusLabel.toLowerCase() + ": " + progress.summary + "."); });
  }

  function watch(root) {
    var url = root.dataset.progressUrl;
    var delay = INTERVAL;
    var timer = null;
    var stopped = false;
    var refresh = root.querySelector("[data-refresh]");
    if (refresh) { refresh.hidden = true; } // the page keeps itself up to date
    function later() {
      if (stopped) { return; }
      window.clearTimeout(timer);
      timer = window.setTimeout(poll, delay);
    }
    function poll() {
      if (document.hidden) { return; } // asked again when the tab is shown
      // Not followed: a session that ended is sent to the login page (status 0 here).
      window.fetch(url, { credentials: "same-origin", redirect: "manual", headers: { Accept: "application/json" } })
        .then(function (answer) {
          if (answer.status === 429) {
            var wait = parseInt(answer.headers.get("Retry-After") || "", 10);
            delay = Math.min(MAX_INTERVAL, isNaN(wait) ? delay * 2 : wait * 1000);
            return null;
          }
          if (!answer.ok) { return Promise.reject(answer.status); }
          delay = INTERVAL;
          return answer.json();
        })
        .then(function (progress) {
          if (progress === null) { later(); return; }
          update(root, progress);
          if (progress.ended) { stopped = true; replaceWithEnded(root, progress); } else { later(); }
        })
        .catch(function (status) {
          // Signed out or the job gone: stop, and let the Refresh link say so.
          if (typeof status === "number" && status < 500) {
            stopped = true;
            if (refresh) { refresh.hidden = false; }
            return;
          }
          delay = Math.min(MAX_INTERVAL, delay * 2);
          later();
        });
    }
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { later(); } });
    later();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("select[data-import-source]");
    if (select) { chooseSource(select); }
    var job = document.querySelector("#import-job[data-live]");
    if (job && window.fetch && window.DOMParser) { watch(job); }
  });
})();
