// Hop dashboard: small enhancements only; every page works without this file.
// Copy buttons (hidden until this script shows them) copy data-copy to the clipboard
// and say so in a polite live region.
(function () {
  "use strict";
  function announce(text) {
    var region = document.getElementById("announcer");
    if (region) { region.textContent = ""; window.setTimeout(function () { region.textContent = text; }, 50); }
  }
  function wire(root) {
    var buttons = root.querySelectorAll("button[data-copy]");
    Array.prototype.forEach.call(buttons, function (button) {
      if (!navigator.clipboard || button.dataset.wired) { return; }
      button.dataset.wired = "1";
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(button.dataset.copy).then(function () {
          announce("Copied " + button.dataset.copy);
          var label = button.querySelector(".label");
          if (label) {
            var before = label.textContent;
            label.textContent = "Copied";
            window.setTimeout(function () { label.textContent = before; }, 1500);
          }
        }, function () { announce("Could not copy; select the text instead."); });
      });
    });
  }
  // Forms that destroy something ask first (without this script they just post).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });
  // A form with data-live-preview sends itself to its preview frame (the button marked
  // data-preview) a moment after typing stops, and once when the page opens.
  function livePreview(form) {
    var button = form.querySelector("button[data-preview]");
    if (!button || !form.requestSubmit) { return; }
    var timer = null;
    function send() { form.requestSubmit(button); }
    form.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(send, 500);
    });
    send();
  }
  document.addEventListener("DOMContentLoaded", function () {
    wire(document);
    Array.prototype.forEach.call(document.querySelectorAll("form[data-live-preview]"), livePreview);
  });
  document.addEventListener("htmx:afterSwap", function (event) { wire(event.target); });
})();
