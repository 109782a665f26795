/// The fixed parts of the HTML report: its one script, and the content security policy that lets
/// only that script run and nothing load (the stylesheets are ``HTMLStyles``).
///
/// None of this holds log text: the script reads the page's DOM and never receives a value from
/// the renderer.
enum HTMLAssets {
    /// The `Content-Security-Policy` of the report: no fetch of any kind, inline styles, and only
    /// the script whose SHA-256 is ``scriptHash``, so even text that escaped escaping could not run.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; base-uri 'none'; form-action 'none'"

    /// The base64 SHA-256 of ``script``, as CSP wants it. After changing the script, update it with
    /// `printf '%s' "<the script>" | openssl dgst -sha256 -binary | base64` (a test checks it).
    static let scriptHash = "sha256-yeNNV01jyM/Dc/ibeqKt+PQRjNQ9wSz97BK59obQqN8="

    /// The folds, the findings filter and the sortable tables. On a phone (720 px or less) the
    /// sections of class `fold-on-phone` start folded. The filter shows its box (hidden without
    /// JavaScript) and hides the table rows that do not contain every word typed. A tap on a
    /// column's heading in a `table.sortable` sorts its rows by that column (a cell's `data-sort`,
    /// else its text, numbers in a text compared as numbers), a second tap reverses the order;
    /// `aria-sort` says which column and which way.
    static let script = """

        (function () {
          "use strict";
          document.documentElement.setAttribute("data-script", "ready");
          if (window.matchMedia && window.matchMedia("(max-width: 720px)").matches) {
            Array.prototype.forEach.call(document.querySelectorAll("details.fold-on-phone"), function (fold) { fold.open = false; });
          }
          var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
          function key(row, column) {
            var cell = row.cells[column];
            if (!cell) { return ""; }
            return cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
          }
          Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
            var headings = Array.prototype.slice.call(table.tHead.rows[0].cells);
            headings.forEach(function (heading, column) {
              var button = heading.querySelector("button.sort");
              if (!button) { return; }
              button.addEventListener("click", function () {
                var ascending = heading.getAttribute("aria-sort") !== "ascending";
                headings.forEach(function (other) { other.removeAttribute("aria-sort"); });
                heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows).map(function (row, index) { return [row, index]; });
                rows.sort(function (a, b) {
                  var order = collator.compare(key(a[0], column), key(b[0], column));
                  return (ascending ? order : -order) || a[1] - b[1];
                });
                rows.forEach(function (entry) { body.appendChild(entry[0]); });
              });
            });
          });
          var input = document.getElementById("filter");
          var table = document.getElementById("findings-table");
          var count = document.getElementById("filter-count");
          if (!input || !table || !count) { return; }
          input.hidden = false;
          input.addEventListener("input", function () {
            var rows = Array.prototype.slice.call(table.tBodies[0].rows);
            var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
            var shown = 0;
            rows.forEach(function (row) {
              var text = row.textContent.toLowerCase();
              var match = words.every(function (word) { return text.indexOf(word) !== -1; });
              row.hidden = !match;
              if (match) { shown += 1; }
            });
            count.textContent = words.length ? shown + " of " + rows.length + " shown" : "";
          });
        })();

        """
}
