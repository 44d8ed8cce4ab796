// Live status of the student's attempts: polls the page's own JSON endpoint every 5 s and
// reloads the page once an attempt shown as pending has finished (so its score and feedback appear).
// Loaded from /static (the Content-Security-Policy allows no inline script).
(function () {
  "use strict";
  var root = document.querySelector("[data-poll]");
  if (!root) { return; }
  var url = root.getAttribute("data-poll");
  var everyMs = 5000;
  function cellsFor(id) { return document.querySelectorAll('[data-attempt="' + id + '"]'); }
  // A state that changes here is read out by a screen reader (WCAG 4.1.3 status messages).
  document.querySelectorAll("[data-attempt]").forEach(function (el) { el.setAttribute("aria-live", "polite"); });
  function tick() {
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) { setTimeout(tick, everyMs * 3); return; }
        var reload = false;
        data.attempts.forEach(function (a) {
          cellsFor(a.id).forEach(function (el) {
            if (el.getAttribute("data-state") !== a.state) {
              el.textContent = a.state_label;
              el.setAttribute("data-state", a.state);
              if (el.getAttribute("data-pending") === "1" && a.finished) { reload = true; }
            }
          });
        });
        if (reload) { window.location.reload(); return; }
        if (data.pending) { setTimeout(tick, everyMs); }
      })
      .catch(function () { setTimeout(tick, everyMs * 3); });
  }
  setTimeout(tick, everyMs);
})();
