// Tells the LMS that opened this page (a window or an iframe) that the registration is done
// (LTI Dynamic Registration: the platform then closes it). The message carries nothing secret.
document.addEventListener("DOMContentLoaded", function () {
  if (document.getElementById("lti-registered")) {
    (window.opener || window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");
  }
});
