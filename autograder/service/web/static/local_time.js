// Times on the pages are shown in the course's time zone, named: "2026-12-20T23:59 (Asia/Shanghai)"
// (course_clock.show). Each becomes a <time datetime="…Z"> whose title is the same instant in the
// reader's own time zone, shown on hover (docs/accessibility.md). No words of its own: the browser
// writes the date, the time and the zone's name in the page's language.
(() => {
  "use strict";
  const SHOWN = /(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d) \((UTC(?:[+-]\d\d:\d\d)?|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*)\)/g;
  const SKIP = "script, style, textarea, pre, code, option, time, title";

  // The zone's offset from UTC in minutes at the instant utcMs (a fixed "UTC+08:00", or an IANA zone).
  function offsetMinutes(zone, utcMs) {
    const fixed = /^UTC(?:([+-])(\d\d):(\d\d))?$/.exec(zone);
    if (fixed) return fixed[1] ? (fixed[1] === "-" ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) : 0;
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit",
    }).formatToParts(new Date(utcMs));
    const v = Object.fromEntries(parts.map((p) => [p.type, Number(p.value)]));
    return Math.round((Date.UTC(v.year, v.month - 1, v.day, v.hour % 24, v.minute) - utcMs) / 60000);
  }

  // The instant a wall-clock time in the zone names; asked twice so a change of offset between the
  // wall time read as UTC and the instant itself (daylight saving) is followed.
  function instant(m) {
    const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
    const first = wall - offsetMinutes(m[6], wall) * 60000;
    return wall - offsetMinutes(m[6], first) * 60000;
  }

  const readers = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: "medium", timeStyle: "short",
  });
  const zoneName = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    timeZoneName: "long",
  });

  function timeElement(m) {
    const el = document.createElement("time");
    el.textContent = m[0];
    try {
      const when = new Date(instant(m));
      el.dateTime = when.toISOString();
      const zone = zoneName.formatToParts(when).find((p) => p.type === "timeZoneName");
      el.title = readers.format(when) + (zone ? " (" + zone.value + ")" : "");
    } catch (e) {  // a zone this browser does not know: the shown text stays as it is
      el.dateTime = m[0].slice(0, 16);
    }
    return el;
  }

  function mark(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (SHOWN.test(n.nodeValue) && !n.parentElement.closest(SKIP)) found.push(n);
      SHOWN.lastIndex = 0;
    }
    for (const node of found) {
      const text = node.nodeValue;
      const pieces = document.createDocumentFragment();
      let at = 0;
      for (const m of text.matchAll(SHOWN)) {
        pieces.append(text.slice(at, m.index), timeElement(m));
        at = m.index + m[0].length;
      }
      pieces.append(text.slice(at));
      node.replaceWith(pieces);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mark(document.body));
  else mark(document.body);
})();
