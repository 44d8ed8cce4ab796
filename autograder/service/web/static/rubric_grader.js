// Keyboard shortcuts of the rubric grading page (ta_quiz_grade.html): digits toggle a rubric item
// (0: no item applies), j/n next, k/p previous, u next not graded, g grade the group, c comment.
// Each shortcut presses a button or follows a link the page already shows; nothing else happens here.
"use strict";
document.addEventListener("keydown", function (event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  var target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  var card = document.getElementById("answer-card");
  if (!card) return;
  var key = event.key;
  var go = function (url) { if (url) { window.location.href = url; } };
  if (/^[0-9]$/.test(key)) {
    var button = document.querySelector('button[data-key="' + key + '"]');
    if (button) { event.preventDefault(); button.click(); }
  } else if (key === "j" || key === "n") {
    event.preventDefault(); go(card.dataset.next);
  } else if (key === "k" || key === "p") {
    event.preventDefault(); go(card.dataset.prev);
  } else if (key === "u") {
    event.preventDefault(); go(card.dataset.nextUngraded);
  } else if (key === "g") {
    var group = document.getElementById("grade-group");
    if (group) { event.preventDefault(); group.click(); }
  } else if (key === "c") {
    var comment = document.getElementById("comment");
    if (comment) { event.preventDefault(); comment.focus(); }
  }
});
