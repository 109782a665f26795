import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `chromium --headless` on a file, for the HTML report's browser tests.
enum HeadlessChromium {
    /// What a run printed.
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        var timedOut: Bool
    }

    /// Runs `binary` headless on `page` with `arguments` added, in a fresh profile under `folder`;
    /// kills it after `timeout` seconds.
    static func run(_ binary: URL, page: URL, arguments: [String], folder: URL, timeout: TimeInterval = 60) throws -> Run {
        let stdoutFile = folder.appendingPathComponent("chromium-\(UUID().uuidString).out")
        let stderrFile = folder.appendingPathComponent("chromium-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutFile)
        let stderr = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--user-data-dir=" + folder.appendingPathComponent("profile-\(UUID().uuidString)").path,
        ] + arguments + [page.absoluteString]
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            let grace = Date().addingTimeInterval(5)
            while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return Run(
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "", status: process.terminationStatus,
            timedOut: timedOut)
    }

    /// A page as laid out at `width` CSS pixels (light or `dark`), measured in the page by
    /// ``probeScript``. Headless Chromium does not lay a window out narrower than 500 px, so the
    /// page is opened in an `<iframe>` of that width, in a copy whose content security policy is
    /// taken out so that the probe may run, and the probe hands its result to the frame around it.
    static func layout(of html: String, width: Int, dark: Bool, chromium: URL, folder: URL) throws -> Layout {
        let page = folder.appendingPathComponent("page-\(UUID().uuidString).html")
        let probed = html.replacing(/<meta http-equiv="Content-Security-Policy"[^>]*>/, with: "")
            .replacingOccurrences(of: "</body>", with: "<script>\(probeScript)</script>\n</body>")
        try probed.write(to: page, atomically: true, encoding: .utf8)
        let frame = folder.appendingPathComponent("frame-\(UUID().uuidString).html")
        try """
            <!DOCTYPE html><html><body style="margin:0"><pre id="layout">waiting</pre>
            <iframe src="\(page.lastPathComponent)" style="border:0;width:\(width)px;height:2000px"></iframe>
            <script>addEventListener("message", function (event) { document.getElementById("layout").textContent = event.data; });</script>
            </body></html>
            """.write(to: frame, atomically: true, encoding: .utf8)
        let run = try run(
            chromium, page: frame,
            arguments: [
                "--window-size=\(max(width, 500) + 40),2100", "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)",
                "--virtual-time-budget=5000", "--dump-dom",
            ], folder: folder)
        try #require(!run.timedOut && run.status == 0, "chromium failed (status \(run.status)): \(run.stderr.suffix(2000))")
        let match = try #require(run.stdout.firstMatch(of: /<pre id="layout">([^<]*)<\/pre>/), "no layout in \(run.stdout.prefix(500))")
        let json = String(match.output.1).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        try #require(json != "waiting", "the probe did not report")
        return try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
    }

    /// What ``probeScript`` measured.
    struct Layout: Decodable {
        /// `document.documentElement.clientWidth`.
        var viewport: Double
        /// Whether the page saw `prefers-color-scheme: dark`.
        var dark: Bool
        /// The body's computed background colour.
        var background: String
        /// Each element whose box reaches past the viewport's right edge (or left of 0), outside a
        /// panel of class `hscroll` (those panels themselves included): tag, class, right edge.
        var overflowing: [String]
        /// How many panels of class `hscroll` (scrolling sideways on their own) the page has.
        var scrollPanels: Int
        /// The findings table's box, when there is one: shown, and inside the viewport.
        var findingsTable: Box?
        /// The ids of the sections of class `fold` that are folded.
        var folded: [String]
        /// The verdict's text, when there is one.
        var verdict: String?
        /// The findings table's first column's `data-sort` values in the order shown, then after
        /// one tap and after two taps on its second column's heading: that column's texts.
        var severityOrder: [String]?
        var ruleOrderAfterTap: [String]?
        var ruleOrderAfterSecondTap: [String]?

        struct Box: Decodable {
            var left: Double
            var right: Double
            var width: Double
            var height: Double
        }
    }

    /// Measures the page it is added to and posts the result (``Layout``) to its parent frame.
    static let probeScript = """
        (function () {
          function measure() {
            var viewport = document.documentElement.clientWidth;
            var overflowing = [];
            Array.prototype.forEach.call(document.querySelectorAll("body *"), function (element) {
              if (element.parentElement && element.parentElement.closest(".hscroll")) { return; }
              var box = element.getBoundingClientRect();
              if (box.width === 0 && box.height === 0) { return; }
              if (box.right > viewport + 0.5 || box.left < -0.5) {
                overflowing.push(element.tagName + "." + (element.getAttribute("class") || "") + " right " + Math.round(box.right));
              }
            });
            var result = { viewport: viewport, dark: matchMedia("(prefers-color-scheme: dark)").matches,
              background: getComputedStyle(document.body).backgroundColor, overflowing: overflowing,
              scrollPanels: document.querySelectorAll(".hscroll").length,
              folded: Array.prototype.filter.call(document.querySelectorAll("details.fold"), function (fold) { return !fold.open; })
                .map(function (fold) { return fold.id; }) };
            var table = document.getElementById("findings-table");
            if (table) {
              var box = table.getBoundingClientRect();
              result.findingsTable = { left: box.left, right: box.right, width: box.width, height: box.height };
              var rows = function () { return Array.prototype.slice.call(table.tBodies[0].rows); };
              result.severityOrder = rows().map(function (row) { return row.cells[0].getAttribute("data-sort"); });
              var button = table.tHead.rows[0].cells[1].querySelector("button");
              button.click();
              result.ruleOrderAfterTap = rows().map(function (row) { return row.cells[1].textContent.trim(); });
              button.click();
              result.ruleOrderAfterSecondTap = rows().map(function (row) { return row.cells[1].textContent.trim(); });
            }
            var verdict = document.getElementById("verdict");
            if (verdict) { result.verdict = verdict.textContent; }
            parent.postMessage(JSON.stringify(result), "*");
          }
          if (document.readyState === "complete") { measure(); } else { addEventListener("load", measure); }
        })();
        """

    /// The http(s) URLs the page itself requested, from a `--log-net-log` file: `URL_REQUEST_START_JOB`
    /// events in the page's `file://` network partition. Chromium's own background requests (time,
    /// updates, accounts, dictionaries) live in other partitions and are left out.
    static func pageRequests(inNetLog data: Data) throws -> [String] {
        // Chromium may leave the closing brackets off when it is stopped; close them if needed.
        var text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.hasSuffix("}") { text = text.trimmingCharacters(in: CharacterSet(charactersIn: ",")) + "]}" }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "the net log is not a JSON object")
        let constants = try #require(object["constants"] as? [String: Any], "the net log has no constants")
        let types = try #require(constants["logEventTypes"] as? [String: Int], "the net log has no event types")
        let startJob = try #require(types["URL_REQUEST_START_JOB"], "the net log knows no URL_REQUEST_START_JOB events")
        let events = try #require(object["events"] as? [[String: Any]], "the net log has no events")
        return events.compactMap { event in
            guard event["type"] as? Int == startJob, let parameters = event["params"] as? [String: Any],
                let url = parameters["url"] as? String, url.hasPrefix("http://") || url.hasPrefix("https://")
            else { return nil }
            let partition = ["network_isolation_key", "site_for_cookies", "initiator"].compactMap { parameters[$0] as? String }
            return partition.contains { $0.contains("file://") } ? url : nil
        }
    }
}
