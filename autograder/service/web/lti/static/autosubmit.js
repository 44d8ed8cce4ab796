// Posts the deep-linking response back to the LMS (the page runs no inline script).
document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("lti-autosubmit");
  if (form) { form.submit(); }
});
