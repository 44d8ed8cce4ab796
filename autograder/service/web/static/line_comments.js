// Line comments on the TA's attempt page, keyboard first (web/line_comments.py):
//   up/down (or k/j on a line)  move between the lines of a part
//   c                            comment on the focused line (or extend the range to it with shift+c)
//   n / p                        next / previous comment
//   Escape                       back from the comment box to its line
(function () {
  "use strict";
  function typing(el) {
    return el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT" || el.isContentEditable);
  }
  function lineOf(el) {
    return el && el.closest ? el.closest("tr.lc-line") : null;
  }
  function openBox(line, extend) {
    var part = line.closest(".lc-part");
    var form = part.querySelector("form.lc-add");
    form.closest("details").open = true;
    var first = form.querySelector(".lc-first");
    var last = form.querySelector(".lc-last");
    var n = line.getAttribute("data-line");
    if (extend && first.value) {
      var a = Math.min(+first.value, +n), b = Math.max(+first.value, +n);
      first.value = a; last.value = b;
    } else {
      first.value = n; last.value = n;
    }
    part.querySelectorAll("tr.lc-line").forEach(function (tr) {
      var k = +tr.getAttribute("data-line");
      tr.classList.toggle("lc-selected", k >= +first.value && k <= +last.value);
    });
    form.querySelector("textarea").focus();
  }
  function moveComment(step) {
    var all = Array.prototype.slice.call(document.querySelectorAll("div.lc-comment"));
    if (!all.length) return;
    var at = all.indexOf(document.activeElement && document.activeElement.closest ? document.activeElement.closest("div.lc-comment") : null);
    var next = all[(at + step + all.length) % all.length];
    if (at < 0 && step < 0) next = all[all.length - 1];
    next.focus();
    next.scrollIntoView({block: "center"});
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var el = document.activeElement;
    if (typing(el)) {
      if (ev.key === "Escape") {
        var form = el.closest("form.lc-add");
        var part = form && form.closest(".lc-part");
        var first = form && form.querySelector(".lc-first").value;
        var line = part && first ? part.querySelector('tr.lc-line[data-line="' + first + '"]') : null;
        if (line) { line.focus(); ev.preventDefault(); }
      }
      return;
    }
    var line = lineOf(el);
    if ((ev.key === "c" || ev.key === "C") && line) {
      openBox(line, ev.shiftKey);
      ev.preventDefault();
    } else if (ev.key === "n" || ev.key === "p") {
      moveComment(ev.key === "n" ? 1 : -1);
      ev.preventDefault();
    } else if (line && (ev.key === "ArrowDown" || ev.key === "j" || ev.key === "ArrowUp" || ev.key === "k")) {
      var down = ev.key === "ArrowDown" || ev.key === "j";
      var rows = Array.prototype.slice.call(line.closest("table").querySelectorAll("tr.lc-line"));
      var i = rows.indexOf(line) + (down ? 1 : -1);
      if (i >= 0 && i < rows.length) { rows[i].focus(); ev.preventDefault(); }
    }
  });
})();
