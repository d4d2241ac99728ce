// The links page's selection: "All on this page" ticks every row (without this file it
// still works: the form posts every row's id when it is ticked), a row unticked unticks
// it, and a polite line says how many are selected. Delegated, so rows an htmx search
// puts in place work too.
(function () {
  "use strict";
  function rows(form) { return form.querySelectorAll("input[data-select-row]"); }
  function update(form) {
    var all = form.querySelector("input[data-select-all]");
    var count = form.querySelector("#selected-count");
    var boxes = rows(form);
    var ticked = Array.prototype.filter.call(boxes, function (box) { return box.checked; }).length;
    if (all) { all.checked = boxes.length > 0 && ticked === boxes.length; }
    if (count) {
      count.hidden = false;
      count.textContent = ticked === 1 ? "1 link selected." : ticked + " links selected.";
    }
  }
  document.addEventListener("change", function (event) {
    var box = event.target;
    var form = box.form;
    // getAttribute: the rows' inputs are named "id", which form.id would return.
    if (!form || form.getAttribute("id") !== "bulk-form") { return; }
    if (box.hasAttribute("data-select-all")) {
      Array.prototype.forEach.call(rows(form), function (row) { row.checked = box.checked; });
    }
    if (box.hasAttribute("data-select-all") || box.hasAttribute("data-select-row")) { update(form); }
  });
  function init() {
    var form = document.getElementById("bulk-form");
    if (form) { update(form); }
  }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", init);
})();
