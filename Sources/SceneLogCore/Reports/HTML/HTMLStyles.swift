/// The stylesheets of scenelog's pages: system fonts only, light and dark (`prefers-color-scheme`),
/// and a phone layout below 720 px where tables of class `stack` turn each row into a card of
/// labelled fields (`data-label`) and nothing is wider than the screen but the panels of class
/// `hscroll`, which scroll sideways on their own.
enum HTMLStyles {
    /// What the report and the history page share: colours, page frame, cards, tables, badges.
    static let base = """

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
        code { background: var(--code); border-radius: 4px; padding: 0 4px; overflow-wrap: anywhere; }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        header.page { background: var(--panel); border-bottom: 1px solid var(--line); margin-bottom: 24px; }
        header.page .inner { max-width: 1240px; margin: 0 auto; padding: 18px 24px 14px; display: flex; flex-wrap: wrap;
          align-items: baseline; gap: 8px 24px; }
        header.page h1 { font-size: 20px; margin: 0; }
        header.page h1 .version { color: var(--muted); font-weight: 400; font-size: 14px; margin-left: 6px; }
        header.page .inputs { color: var(--muted); }
        header.page nav { margin-left: auto; display: flex; flex-wrap: wrap; gap: 4px 16px; }
        h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
        h2 .sub { color: var(--muted); font-weight: 400; font-size: 13px; margin-left: 8px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(210px, 1fr)); gap: 12px; }
        .card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 0; }
        .card h3 { margin: 0; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        .card .value { font-size: 30px; font-weight: 600; line-height: 1.25; margin: 4px 0 2px; }
        .card .detail { color: var(--muted); font-size: 13px; display: flex; flex-wrap: wrap; gap: 2px 12px; overflow-wrap: anywhere; }
        .card.alert { border-color: var(--error); background: var(--error-bg); }
        .card.alert .value { color: var(--error); }
        .card.good { border-color: var(--good); background: var(--good-bg); }
        .card.good .value { color: var(--good); }
        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
        .hscroll { overflow-x: auto; }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; color: var(--muted); font-size: 12.5px; margin: 8px 2px 0; }
        table { width: 100%; border-collapse: collapse; background: var(--panel); }
        th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid var(--line); }
        th { font-size: 12px; font-weight: 600; color: var(--muted); background: var(--stripe); white-space: nowrap; }
        tbody tr:last-child td { border-bottom: 0; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        .badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; line-height: 20px;
          white-space: nowrap; }
        .muted { color: var(--muted); }
        footer { color: var(--muted); font-size: 12.5px; margin-top: 32px; }
        [hidden] { display: none !important; }
        @media (max-width: 720px) {
          main { padding: 0 12px 32px; }
          header.page .inner { padding: 12px; }
          header.page nav { margin-left: 0; }
          .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
          .card { padding: 10px 12px; }
          .card .value { font-size: 24px; }
          table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: auto; }
          table.stack thead { display: block; }
          table.stack:not(.sortable) thead { display: none; }
          table.stack thead tr { display: flex; flex-wrap: wrap; gap: 4px 12px; padding: 6px 12px; background: var(--stripe);
            border-bottom: 1px solid var(--line); }
          table.stack th { border: 0; padding: 0; background: none; }
          table.stack tbody tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
          table.stack tbody tr:last-child { border-bottom: 0; }
          table.stack td { border: 0; padding: 2px 12px; min-width: 0; white-space: normal; overflow-wrap: anywhere; text-align: left; }
          table.stack td[data-label] { display: inline-block; padding-right: 4px; }
          table.stack td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: 12px; }
        }

        """

    /// The report's own parts: verdict, timeline, findings table, baseline, rules.
    static let report = """
        .verdict { display: flex; align-items: center; gap: 10px; margin: 0 0 16px; padding: 12px 16px; border-radius: 8px;
          border: 1px solid var(--line); background: var(--panel); font-size: 18px; font-weight: 600; }
        .verdict-mark { flex: none; width: 14px; height: 14px; border-radius: 50%; background: var(--grey); }
        .verdict-pass { border-color: var(--good); background: var(--good-bg); color: var(--good); }
        .verdict-pass .verdict-mark { background: var(--good); }
        .verdict-failures, .verdict-regressions { border-color: var(--error); background: var(--error-bg); color: var(--error); }
        .verdict-failures .verdict-mark, .verdict-regressions .verdict-mark { background: var(--error); }
        .verdict-info .verdict-mark { background: var(--note); }
        .verdict-nothing-read { border-color: var(--amber); background: var(--warning-bg); color: var(--warning); }
        .verdict-nothing-read .verdict-mark { background: var(--amber); }
        .baseline-cards { margin-top: 12px; }
        .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 5px; background: var(--grey); }
        .dot.error, .dot.outcome-crashed, .dot.outcome-killed, .dot.outcome-launch-failed { background: var(--error); }
        .dot.warning, .dot.outcome-black-screen-suspected { background: var(--amber); }
        .dot.note { background: var(--note); }
        .dot.outcome-active { background: var(--good); }
        .dot.outcome-exited { background: var(--exited); }
        .note-line { margin: 0 0 8px; }
        .timeline-panel { max-height: 620px; overflow-y: auto; }
        svg.timeline { display: block; width: 100%; height: auto; min-width: 900px; font-size: 12px; }
        svg.timeline-axis { position: sticky; top: 0; z-index: 1; background: var(--panel); border-bottom: 1px solid var(--line); }
        svg.timeline .tick-mark { stroke: var(--line); }
        svg.timeline text { fill: var(--text); }
        svg.timeline .axis-caption, svg.timeline .tick, svg.timeline .launch-meta, svg.timeline .phase-label { fill: var(--muted); }
        svg.timeline .tick { text-anchor: middle; font-size: 11px; }
        svg.timeline .phase-label { font-size: 10px; }
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
        .filter-bar { display: flex; align-items: center; gap: 12px; margin-bottom: 8px; }
        .filter-bar input { flex: 0 1 360px; min-width: 0; font: inherit; padding: 5px 10px; border: 1px solid var(--line); border-radius: 6px;
          background: var(--panel); color: var(--text); }
        .filter-bar .count { color: var(--muted); }
        th button.sort { font: inherit; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; }
        th button.sort::after { content: " ↕"; opacity: .45; }
        th[aria-sort="ascending"] button.sort::after { content: " ↑"; opacity: 1; }
        th[aria-sort="descending"] button.sort::after { content: " ↓"; opacity: 1; }
        td.location { overflow-wrap: anywhere; min-width: 200px; color: var(--muted); }
        td.rule-id { white-space: nowrap; }
        td.message { min-width: 320px; }
        .badge.error { background: var(--error-bg); color: var(--error); }
        .badge.warning { background: var(--warning-bg); color: var(--warning); }
        .badge.note { background: var(--note-bg); color: var(--note); }
        .badge.new { background: var(--error-bg); color: var(--error); }
        .badge.fixed { background: var(--good-bg); color: var(--good); }
        .badge.was { background: var(--code); color: var(--muted); font-weight: 400; }
        tr.state-fixed .message { text-decoration: line-through; text-decoration-color: var(--good); color: var(--muted); }
        .badge.not-seen { background: var(--warning-bg); color: var(--warning); }
        details.line summary { cursor: pointer; color: var(--muted); font-size: 12.5px; margin-top: 2px; }
        details.line pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code); padding: 6px 8px; border-radius: 6px;
          margin: 4px 0; }
        dl.data { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 0 10px; margin: 4px 0; font-size: 12.5px; }
        dl.data dt { color: var(--muted); overflow-wrap: anywhere; }
        dl.data dd { margin: 0; overflow-wrap: anywhere; }
        .regressions { margin: 0; padding: 0; list-style: none; }
        .regressions li { padding: 7px 12px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        .regressions li:last-child { border-bottom: 0; }
        h3.list-title { font-size: 14px; margin: 18px 0 8px; }
        .rules { display: grid; gap: 12px; }
        .rule { background: var(--panel); border: 1px solid var(--line); border-left-width: 4px; border-radius: 8px; padding: 12px 16px;
          overflow-wrap: anywhere; }
        .rule.error { border-left-color: var(--error); }
        .rule.warning { border-left-color: var(--amber); }
        .rule.note { border-left-color: var(--note); }
        .rule h3 { margin: 0 0 4px; font-size: 15px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
        .rule h3 .count { color: var(--muted); font-weight: 400; font-size: 13px; }
        .rule h4 { margin: 10px 0 2px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        .rule p { margin: 0; }
        .rule ul { margin: 0; padding-left: 18px; }
        details.inputs > summary { cursor: pointer; font-weight: 600; margin: 32px 0 12px; }
        details.fold > summary { display: block; cursor: pointer; list-style: none; }
        details.fold > summary::-webkit-details-marker { display: none; }
        details.fold > summary h2::after { content: "▸"; float: right; color: var(--muted); font-weight: 400; }
        details.fold[open] > summary h2::after { content: "▾"; }
        @media (max-width: 720px) {
          .verdict { font-size: 16px; }
          td.message, td.location { min-width: 0; }
          td.rule-id { padding-top: 4px; }
          .severity-row-error, .severity-row-warning, .severity-row-note, .state-fixed { border-left: 3px solid var(--grey); }
          .severity-row-error { border-left-color: var(--error); }
          .severity-row-warning { border-left-color: var(--amber); }
          .severity-row-note { border-left-color: var(--note); }
          table.stack tbody td:first-child { display: inline-block; }
          table.stack tbody td.rule-id { display: inline-block; padding-left: 0; }
        }
        @media print { .filter-bar { display: none; } .timeline-panel { max-height: none; overflow: visible; } }

        """

    /// The history page's own parts: small multiples of charts, ten distinct colours for the rules,
    /// p50 and p90.
    static let history = """
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
        .chart-card { margin: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; min-width: 0; }
        .chart-card figcaption { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; font-size: 13px; overflow-wrap: anywhere; }
        svg.chart { display: block; width: 100%; height: auto; margin-top: 4px; font-size: 11px; }
        svg.chart .axis { stroke: var(--muted); }
        svg.chart .grid { stroke: var(--line); stroke-dasharray: 2 3; }
        svg.chart .y-label { fill: var(--muted); text-anchor: end; }
        svg.chart .x-label { fill: var(--muted); text-anchor: middle; font-size: 10px; }
        svg.chart .x-label.commit { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 9px; }
        svg.chart .line { fill: none; stroke: var(--series); stroke-width: 2; }
        svg.chart .dot, svg.chart .outlier { fill: var(--series); }
        svg.chart .outlier-label { fill: var(--text); font-weight: 600; font-size: 10px; }
        .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 4px; vertical-align: -1px; background: var(--series); }
        .series-0 { --series: #4e79a7; } .series-1 { --series: #f28e2b; } .series-2 { --series: #e15759; }
        .series-3 { --series: #76b7b2; } .series-4 { --series: #59a14f; } .series-5 { --series: #edc948; }
        .series-6 { --series: #b07aa1; } .series-7 { --series: #ff9da7; } .series-8 { --series: #9c755f; }
        .series-9 { --series: #bab0ac; }
        .p50 { --series: var(--accent); }
        .p90 { --series: #e8590c; }
        svg.chart .line.p90 { stroke-dasharray: 5 3; }
        @media (max-width: 720px) { .charts { grid-template-columns: minmax(0, 1fr); } }

        """
}
