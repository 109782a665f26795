/// The fixed parts of the HTML report: its stylesheet, its one script, and the content security
/// policy that lets only that script run and nothing load.
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
    static let scriptHash = "sha256-6SwYee37ZrV47+5CJGa1c+PQ8iiz33LmEuPtvrb87J4="

    /// The findings filter: shows the filter box (hidden without JavaScript) and hides the table
    /// rows that do not contain every word typed.
    static let script = """

        (function () {
          "use strict";
          var input = document.getElementById("filter");
          var table = document.getElementById("findings-table");
          var count = document.getElementById("filter-count");
          document.documentElement.setAttribute("data-script", "ready");
          if (!input || !table || !count) { return; }
          var rows = Array.prototype.slice.call(table.tBodies[0].rows);
          input.hidden = false;
          input.addEventListener("input", function () {
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

    /// The report's stylesheet: system fonts only, light and dark.
    static let stylesheet = """

        :root {
          --bg: #f6f8fa; --panel: #ffffff; --text: #1f2328; --muted: #59636e; --line: #d1d9e0; --stripe: #f6f8fa;
          --accent: #0969da; --error: #cf222e; --warning: #9a6700; --amber: #d29922; --note: #0969da;
          --good: #1a7f37; --grey: #818b98; --exited: #8250df; --code: #eff1f3;
          --error-bg: #ffebe9; --warning-bg: #fff8c5; --note-bg: #ddf4ff; --good-bg: #dafbe1;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --panel: #151b23; --text: #e6edf3; --muted: #9198a1; --line: #3d444d; --stripe: #1b222c;
            --accent: #4493f8; --error: #f85149; --warning: #d29922; --amber: #d29922; --note: #4493f8;
            --good: #3fb950; --grey: #768390; --exited: #ab7df8; --code: #262c36;
            --error-bg: #3c1618; --warning-bg: #37290d; --note-bg: #0c2d6b; --good-bg: #0f2d1a;
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text);
          font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
        main { max-width: 1240px; margin: 0 auto; padding: 0 24px 48px; }
        code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
        code { background: var(--code); border-radius: 4px; padding: 0 4px; }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        header.page { background: var(--panel); border-bottom: 1px solid var(--line); margin-bottom: 24px; }
        header.page .inner { max-width: 1240px; margin: 0 auto; padding: 18px 24px 14px; display: flex; flex-wrap: wrap;
          align-items: baseline; gap: 8px 24px; }
        header.page h1 { font-size: 20px; margin: 0; }
        header.page h1 .version { color: var(--muted); font-weight: 400; font-size: 14px; margin-left: 6px; }
        header.page .inputs { color: var(--muted); }
        header.page nav { margin-left: auto; display: flex; gap: 16px; }
        h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
        h2 .sub { color: var(--muted); font-weight: 400; font-size: 13px; margin-left: 8px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(210px, 1fr)); gap: 12px; }
        .card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
        .card h3 { margin: 0; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        .card .value { font-size: 30px; font-weight: 600; line-height: 1.25; margin: 4px 0 2px; }
        .card .detail { color: var(--muted); font-size: 13px; display: flex; flex-wrap: wrap; gap: 2px 12px; }
        .card.alert { border-color: var(--error); background: var(--error-bg); }
        .card.alert .value { color: var(--error); }
        .card.good { border-color: var(--good); background: var(--good-bg); }
        .card.good .value { color: var(--good); }
        .baseline-cards { margin-top: 12px; }
        .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 5px; background: var(--grey); }
        .dot.error, .dot.outcome-crashed, .dot.outcome-killed, .dot.outcome-launch-failed { background: var(--error); }
        .dot.warning, .dot.outcome-black-screen-suspected { background: var(--amber); }
        .dot.note { background: var(--note); }
        .dot.outcome-active { background: var(--good); }
        .dot.outcome-exited { background: var(--exited); }
        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
        .timeline-panel { overflow: auto; max-height: 620px; }
        svg.timeline { display: block; width: 100%; height: auto; min-width: 900px; font-size: 12px; }
        svg.timeline-axis { position: sticky; top: 0; z-index: 1; background: var(--panel); border-bottom: 1px solid var(--line); }
        svg.timeline .tick-mark { stroke: var(--line); }
        svg.timeline text { fill: var(--text); }
        svg.timeline .axis-caption, svg.timeline .tick, svg.timeline .launch-meta { fill: var(--muted); }
        svg.timeline .tick { text-anchor: middle; font-size: 11px; }
        svg.timeline .grid line { stroke: var(--line); stroke-dasharray: 2 3; }
        svg.timeline .row-bg { fill: transparent; }
        svg.timeline .launch-row:nth-of-type(even) .row-bg { fill: var(--stripe); }
        svg.timeline .launch-row:hover .row-bg, svg.timeline .launch-row:target .row-bg { fill: var(--note-bg); }
        svg.timeline .launch-id { font-weight: 700; }
        svg.timeline .launch-app { font-weight: 600; }
        svg.timeline .track { stroke: var(--line); stroke-width: 2; }
        svg.timeline .segment { fill: var(--row); opacity: .55; }
        svg.timeline .segment.alternate { opacity: .8; }
        svg.timeline .segment.untimed { opacity: .3; }
        svg.timeline .phase { fill: var(--panel); stroke: var(--row); stroke-width: 2; }
        svg.timeline .phase-active, svg.timeline .phase-terminated { fill: var(--row); }
        svg.timeline .event { fill: var(--muted); }
        svg.timeline .callback-app { fill: var(--accent); }
        svg.timeline .callback-scene { fill: #0d9488; }
        svg.timeline .outcome-text { fill: var(--row); font-weight: 600; }
        svg.timeline .to-active { font-weight: 600; font-variant-numeric: tabular-nums; }
        svg.timeline .marker { stroke: var(--panel); stroke-width: 1; }
        .launch-row { --row: var(--grey); }
        .outcome-active { --row: var(--good); }
        .outcome-crashed, .outcome-killed, .outcome-launch-failed { --row: var(--error); }
        .outcome-black-screen-suspected { --row: var(--amber); }
        .outcome-exited { --row: var(--exited); }
        .severity-error { fill: var(--error); }
        .severity-warning { fill: var(--amber); }
        .severity-note { fill: var(--note); }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; color: var(--muted); font-size: 12.5px; margin: 8px 2px 0; }
        .filter-bar { display: flex; align-items: center; gap: 12px; margin-bottom: 8px; }
        .filter-bar input { flex: 0 1 360px; font: inherit; padding: 5px 10px; border: 1px solid var(--line); border-radius: 6px;
          background: var(--panel); color: var(--text); }
        .filter-bar .count { color: var(--muted); }
        table { width: 100%; border-collapse: collapse; background: var(--panel); }
        th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid var(--line); }
        th { font-size: 12px; font-weight: 600; color: var(--muted); background: var(--stripe); white-space: nowrap; }
        tbody tr:last-child td { border-bottom: 0; }
        td.location { overflow-wrap: anywhere; min-width: 200px; color: var(--muted); }
        td.rule-id { white-space: nowrap; }
        td.message { min-width: 320px; }
        .badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 20px; }
        .badge.error { background: var(--error-bg); color: var(--error); }
        .badge.warning { background: var(--warning-bg); color: var(--warning); }
        .badge.note { background: var(--note-bg); color: var(--note); }
        .badge.new { background: var(--error-bg); color: var(--error); }
        .badge.fixed { background: var(--good-bg); color: var(--good); }
        .badge.not-seen { background: var(--warning-bg); color: var(--warning); }
        details.line summary { cursor: pointer; color: var(--muted); font-size: 12.5px; margin-top: 2px; }
        details.line pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code); padding: 6px 8px; border-radius: 6px;
          margin: 4px 0; }
        dl.data { display: grid; grid-template-columns: max-content 1fr; gap: 0 10px; margin: 4px 0; font-size: 12.5px; }
        dl.data dt { color: var(--muted); }
        dl.data dd { margin: 0; overflow-wrap: anywhere; }
        .regressions { margin: 0; padding: 0; list-style: none; }
        .regressions li { padding: 7px 12px; border-bottom: 1px solid var(--line); }
        .regressions li:last-child { border-bottom: 0; }
        h3.list-title { font-size: 14px; margin: 18px 0 8px; }
        .rules { display: grid; gap: 12px; }
        .rule { background: var(--panel); border: 1px solid var(--line); border-left-width: 4px; border-radius: 8px; padding: 12px 16px; }
        .rule.error { border-left-color: var(--error); }
        .rule.warning { border-left-color: var(--amber); }
        .rule.note { border-left-color: var(--note); }
        .rule h3 { margin: 0 0 4px; font-size: 15px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
        .rule h3 .count { color: var(--muted); font-weight: 400; font-size: 13px; }
        .rule h4 { margin: 10px 0 2px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        .rule p { margin: 0; }
        .rule ul { margin: 0; padding-left: 18px; }
        details.inputs > summary { cursor: pointer; font-weight: 600; margin: 32px 0 12px; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        .muted { color: var(--muted); }
        footer { color: var(--muted); font-size: 12.5px; margin-top: 32px; }
        [hidden] { display: none !important; }
        @media print { .filter-bar { display: none; } .timeline-panel { max-height: none; overflow: visible; } }

        """
}
