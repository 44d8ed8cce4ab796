// The TA pages' student tables, sorted and filtered in the page (progressive enhancement: without
// this script every table is the server's, complete and in its order).
//
// Every table under <main> with a <thead> and a <tbody> of two rows or more gets a filter box above
// it (rows whose text does not contain what is typed are hidden, case-insensitive) and sort buttons
// in its named header cells (click: ascending, again: descending). A column whose non-empty cells
// are all numbers sorts as numbers; others sort as text in natural order (s2 before s10). A cell's
// data-sort attribute, when present, is its sort key. Empty cells and "—" sort last either way.
// Tables under data-table-tools="off" are left alone (the similarity report sorts itself).
// Loaded as a file, never inline: the pages' CSP allows script-src 'self' only.
"use strict";

(function () {
  const EMPTY = new Set(["", "—", "-"]);
  const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  function cellKey(row, column) {
    const cell = row.cells[column];
    if (!cell) return "";
    const given = cell.getAttribute("data-sort");
    return (given !== null ? given : cell.textContent).trim();
  }

  function numericColumn(rows, column) {
    let any = false;
    for (const row of rows) {
      const key = cellKey(row, column);
      if (EMPTY.has(key)) continue;
      if (!NUMBER.test(key)) return false;
      any = true;
    }
    return any;
  }

  function sortBy(table, column, header) {
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    const descending = header.getAttribute("aria-sort") === "ascending";
    const numeric = numericColumn(rows, column);
    const keyed = rows.map((row, index) => ({ row, index, key: cellKey(row, column) }));
    keyed.sort((a, b) => {
      const ea = EMPTY.has(a.key), eb = EMPTY.has(b.key);
      if (ea || eb) return ea === eb ? a.index - b.index : ea ? 1 : -1; // empty last, both ways
      const order = numeric ? parseFloat(a.key) - parseFloat(b.key) : collator.compare(a.key, b.key);
      return (descending ? -order : order) || a.index - b.index;
    });
    for (const th of table.tHead.rows[0].cells) th.removeAttribute("aria-sort");
    header.setAttribute("aria-sort", descending ? "descending" : "ascending");
    for (const item of keyed) body.appendChild(item.row);
  }

  function addFilter(table) {
    const body = table.tBodies[0];
    const box = document.createElement("div");
    box.className = "table-filter";
    const input = document.createElement("input");
    input.type = "search";
    input.placeholder = "Filter rows";
    input.setAttribute("aria-label", "Filter the rows of this table");
    const count = document.createElement("span");
    count.className = "hint table-count";
    count.setAttribute("aria-live", "polite");
    box.append(input, count);
    table.parentNode.insertBefore(box, table);
    input.addEventListener("input", () => {
      const wanted = input.value.trim().toLowerCase();
      let shown = 0;
      for (const row of body.rows) {
        row.hidden = wanted !== "" && !row.textContent.toLowerCase().includes(wanted);
        if (!row.hidden) shown += 1;
      }
      count.textContent = wanted === "" ? "" : `${shown} of ${body.rows.length} rows`;
    });
  }

  function enhance(table) {
    if (!table.tHead || !table.tBodies.length || !table.tHead.rows.length) return;
    if (table.closest("[data-table-tools=off]")) return; // a report with its own sort and filter
    if (table.tBodies[0].rows.length < 2) return; // one row or none: nothing to sort or filter
    table.classList.add("sortable");
    Array.from(table.tHead.rows[0].cells).forEach((th, column) => {
      if (!th.textContent.trim()) return; // a column without a name (buttons, marks) is not sorted
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", () => sortBy(table, column, th));
    });
    addFilter(table);
  }

  function start() {
    document.querySelectorAll("main table").forEach(enhance);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
