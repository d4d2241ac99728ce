// The stores page's "paste a credential" form: only the chosen platform's fieldset is
// shown (its inputs are the only ones posted). Without this file both fieldsets show,
// each under its platform's legend, and the radio buttons say which one counts.
(function () {
  "use strict";
  function update(form) {
    var chosen = form.querySelector("input[name=platform]:checked");
    var sets = form.querySelectorAll("fieldset[data-platform]");
    Array.prototype.forEach.call(sets, function (set) {
      var shown = !chosen || set.getAttribute("data-platform") === chosen.value;
      set.hidden = !shown;
      set.disabled = !shown;
    });
  }
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name === "platform" && input.form && input.form.hasAttribute("data-platforms")) {
      update(input.form);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-platforms]"), update);
  });
})();
