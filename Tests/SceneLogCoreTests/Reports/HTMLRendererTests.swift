import Foundation
import TestSupport
import Testing

@testable import SceneLogCore

/// The HTML report (its snapshot is among ``ReportSnapshotTests``): escaping of every piece of log
/// text, that it loads nothing, and how headless Chromium sees it.
@Suite("HTML report")
struct HTMLRendererTests {
    /// Markup that must only ever show up as text.
    static let payloads = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>"]

    @Test("log text is escaped in text, titles and attributes, and never reaches the script")
    func escaping() throws {
        let html = ReportFormat.html.render(Self.hostileReport())
        #expect(!html.contains("<script>alert"))
        #expect(!html.lowercased().contains("<img"))
        #expect(!html.lowercased().contains("<svg onload"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&#39;&gt;&lt;svg onload=alert(1)&gt;"))
        #expect(!html.contains("href=\"javascript:"), "a reference with another scheme than http(s) is shown as text")
        // One script element, and it is exactly the fixed script.
        #expect(html.components(separatedBy: "<script").count == 2)
        let script = try #require(html.range(of: "<script>")).upperBound
        let end = try #require(html.range(of: "</script>")).lowerBound
        #expect(String(html[script..<end]) == HTMLAssets.script)
        // Control characters are shown, not written.
        #expect(html.contains("\\u{1b}[31m") && !html.contains("\u{1B}"))
    }

    @Test("escaping and number helpers")
    func helpers() {
        #expect(Escaping.markupText("a&b<c>\"d'e\u{7}\r\n") == "a&amp;b&lt;c&gt;&quot;d&#39;e\\u{7}\\u{d}\n")
        #expect(HTMLText.prose("set `var window: UIWindow?` and `<x>`.") == "set <code>var window: UIWindow?</code> and <code>&lt;x&gt;</code>.")
        #expect(HTMLText.prose("a `b` c `d") == "a <code>b</code> c `d")
        #expect(HTMLText.prose("no code") == "no code")
        #expect(HTMLText.coordinate(12.04) == "12" && HTMLText.coordinate(-12.5) == "-12.5" && HTMLText.coordinate(-0.25) == "-0.3")
        #expect(HTMLText.duration(milliseconds: 999) == "999 ms" && HTMLText.duration(milliseconds: 8100) == "8.1 s")
        #expect(HTMLText.duration(milliseconds: 125_000) == "125 s" && HTMLText.grouped(1_234_567) == "1,234,567")
    }

    @Test("the page loads nothing: no src, no stylesheet or frame, no url(), links only as <a href>")
    func referencesNothingToLoad() throws {
        for html in [ReportFormat.html.render(try sampleReportWithBaseline()), ReportFormat.html.render(Self.hostileReport())] {
            #expect(html.contains("content=\"default-src 'none';"))
            #expect(!html.contains("url(") && !html.contains("@import"))
            for tag in html.matches(of: /<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/) {
                let name = tag.output.1.lowercased()
                #expect(!["img", "link", "iframe", "frame", "object", "embed", "video", "audio", "source", "base", "image", "use", "form"].contains(name))
                for attribute in tag.output.2.matches(of: /([a-zA-Z:-]+)\s*=\s*"([^"]*)"/) {
                    let key = attribute.output.1.lowercased()
                    #expect(!["src", "srcset", "poster", "data", "action", "formaction", "background", "xlink:href", "ping"].contains(key))
                    if key == "href" {
                        let value = String(attribute.output.2)
                        #expect(name == "a", "href on <\(name)>")
                        #expect(value.hasPrefix("#") || value.hasPrefix("https://") || value.hasPrefix("http://"), "\(value)")
                    }
                }
            }
        }
    }

    @Test("one launch-row per launch; a launch without times is spread evenly")
    func launchRows() throws {
        let report = try sampleReportWithBaseline()
        let html = ReportFormat.html.render(report)
        #expect(html.matches(of: /class="launch-row[ "]/).count == report.launches.count)
        for launch in report.launches { #expect(html.contains("data-launch=\"\(launch.id)\"")) }

        var untimed = Launch(id: "L1", path: "a.log")
        untimed.bundle = "com.example.app"
        for (line, phase) in [LaunchPhase.requested, .spawned, .active].enumerated() {
            untimed.phases[phase] = LaunchMark(
                timestamp: nil, seconds: nil, location: SourceLocation(path: "a.log", line: line + 1, byteOffset: 0), process: nil)
        }
        let plain = ReportFormat.html.render(ScanReport(inputs: [], launches: [untimed]))
        #expect(plain.matches(of: /class="launch-row[ "]/).count == 1)
        #expect(plain.contains("segment untimed") && plain.contains(">no times</text>"))
        #expect(plain.contains("cx=\"330\"") && plain.contains("cx=\"710\"") && plain.contains("cx=\"1090\""))
    }

    @Test("the verdict comes first, as Markdown words it; then the apps, the findings (errors first) and the launches")
    func verdictAndOrder() throws {
        let report = try sampleReportWithBaseline()
        let html = ReportFormat.html.render(report)
        let markdown = ReportFormat.markdown.render(report)
        #expect(markdown.hasPrefix("## scenelog: ❌ regressions since the baseline\n"))
        #expect(html.contains("<p class=\"verdict verdict-regressions\" id=\"verdict\" role=\"status\"><span class=\"verdict-mark\" aria-hidden=\"true\"></span>regressions since the baseline</p>"))
        let order = ["id=\"verdict\"", "class=\"cards\"", "id=\"apps\"", "id=\"findings\"", "id=\"launches\""].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap(\.self) == order.compactMap(\.self).sorted())
        let clean = ReportFormat.html.render(ScanReport(inputs: report.inputs, launches: []), options: RenderOptions(failOn: .error))
        #expect(clean.contains("verdict-pass") && clean.contains("no findings at or above error</p>"))
        let table = try #require(html.firstRange(of: /<table class="stack sortable" id="findings-table">[\s\S]*?<\/table>/))
        let ranks = html[table].matches(of: /<td data-sort="(\d)">/).map { Int($0.output.1) ?? -1 }
        #expect(ranks.count == report.findings.count && ranks == ranks.sorted(by: >) && Set(ranks).count == 3, "errors first")
    }

    @Test("fixed findings show their old severity muted, never as a red error")
    func fixedFindings() throws {
        let html = ReportFormat.html.render(try sampleReportWithBaseline())
        let fixed = try #require(html.firstRange(of: /<span class="badge fixed">fixed<\/span> Fixed findings<\/h3>[\s\S]*?<\/table>/))
        #expect(html[fixed].contains("<tr class=\"state-fixed\"><td data-sort=\"2\"><span class=\"badge was\">was error</span>"))
        #expect(!html[fixed].contains("badge error") && !html[fixed].contains("severity-row-error"))
    }

    @Test("the timeline's axis is linear and each phase is named in the picture, not only in a hover title")
    func timelineLabels() throws {
        let html = ReportFormat.html.render(smallReport())
        #expect(html.contains(">100 ms</text>") && html.contains(">200 ms</text>") && html.contains(">300 ms</text>"))
        #expect(html.contains("<text class=\"phase-label\" x=\"403\" y=\"50\">spawned 50 ms</text>"))
        #expect(html.matches(of: /class="phase-label"/).count == html.matches(of: #/<circle class="phase /#).count)
    }

    @Test("the content security policy's hash is the script's")
    func scriptHash() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl dgst -sha256 -binary | base64"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(HTMLAssets.script.utf8))
        try input.fileHandleForWriting.close()
        let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl is needed to check HTMLAssets.scriptHash")
        #expect(HTMLAssets.scriptHash == "sha256-" + digest, "update HTMLAssets.scriptHash to sha256-\(digest)")
    }

    // MARK: - Headless Chromium

    @Test("Chromium: one launch row per launch, injected markup is text, the filter script runs", .timeLimit(.minutes(2)))
    func chromiumDOM() throws {
        let chromium = URL(fileURLWithPath: try RequiredTool.chromium.locate())
        let report = try Self.sampleWithInjectedFinding()
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try ReportFormat.html.render(report).write(to: page, atomically: true, encoding: .utf8)

        let run = try HeadlessChromium.run(chromium, page: page, arguments: ["--dump-dom"], folder: folder)
        try #require(!run.timedOut && run.status == 0, "chromium failed (status \(run.status)): \(run.stderr.suffix(2000))")
        let dom = run.stdout
        #expect(dom.matches(of: /class="launch-row[ "]/).count == report.launches.count)
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!dom.contains("<script>alert"))
        #expect(dom.components(separatedBy: "<script").count == 2, "only the report's own script element exists")
        #expect(!dom.lowercased().contains("<img"))
        #expect(dom.contains("data-script=\"ready\""), "the inline script did not run: is HTMLAssets.scriptHash its SHA-256?")
        #expect(dom.contains("<input id=\"filter\"") && !dom.contains("autocomplete=\"off\" hidden"), "the script shows the filter box")
    }

    @Test("Chromium: opening the report makes no http(s) request", .timeLimit(.minutes(2)))
    func chromiumMakesNoRequest() throws {
        let chromium = URL(fileURLWithPath: try RequiredTool.chromium.locate())
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try ReportFormat.html.render(try Self.sampleWithInjectedFinding()).write(to: page, atomically: true, encoding: .utf8)
        let netLog = folder.appendingPathComponent("net-log.json")

        let run = try HeadlessChromium.run(
            chromium, page: page,
            arguments: ["--host-resolver-rules=MAP * ~NOTFOUND", "--log-net-log=" + netLog.path, "--dump-dom"], folder: folder)
        try #require(!run.timedOut && run.status == 0, "chromium failed (status \(run.status)): \(run.stderr.suffix(2000))")
        #expect(run.stdout.contains("class=\"launch-row"), "the page was loaded")
        let data = try Data(contentsOf: netLog)
        #expect(try HeadlessChromium.pageRequests(inNetLog: data) == [])
    }

    // MARK: - Reports

    /// The sample report plus a finding of the first launch whose text is markup.
    static func sampleWithInjectedFinding() throws -> ScanReport {
        var report = try sampleReportWithBaseline()
        report.findings.append(
            Finding(
                rule: "uncaught-exception", severity: .error, message: payloads[0],
                location: SourceLocation(path: Array(report.launches)[0].path, line: 20, byteOffset: 0), timestamp: payloads[1],
                process: payloads[1], launch: Array(report.launches)[0].id, excerpt: payloads.joined(separator: " "),
                data: ["reason": payloads[0]]))
        return report
    }

    /// A report whose every piece of log text, ids included, is markup.
    static func hostileReport() -> ScanReport {
        let evil = payloads.joined(separator: " ") + " \u{1B}[31m"
        let path = "logs/\(evil).log"
        func mark(_ line: Int, _ seconds: Double?) -> LaunchMark {
            LaunchMark(timestamp: evil, seconds: seconds, location: SourceLocation(path: path, line: line, byteOffset: 0), process: evil)
        }
        var launch = Launch(id: "L1\"><img src=x>", path: path)
        launch.bundle = evil
        launch.process = evil + " other"
        launch.device = evil
        launch.pid = 7
        launch.phases[.requested] = mark(1, 100)
        launch.phases[.sceneCreated] = mark(3, nil)
        launch.phases[.active] = mark(5, 100.4)
        launch.events = [LaunchEvent(name: evil, detail: evil, mark: mark(4, nil))]
        launch.termination = Termination(kind: .signal, detail: evil)
        let finding = Finding(
            rule: "user-\(evil)", severity: .error, message: evil, location: SourceLocation(path: path, line: 3, byteOffset: 0),
            timestamp: evil, process: evil, pid: 7, launch: launch.id, excerpt: evil, data: [evil: evil])
        var gone = finding
        gone.message = "gone " + evil
        var input = InputSummary(path: path, format: nil, bytes: 1, counts: LineCounts(records: 1), truncatedLines: 0)
        input.note = evil
        let rule = RuleDescription(
            id: finding.rule, severity: .error, title: evil, explanation: evil, fix: "`\(evil)`",
            references: ["\(evil) — https://example.com/\"><img", "x — javascript:alert(1)", evil], messageTemplate: evil, patterns: [],
            triggeringExamples: [], nonTriggeringExamples: [])
        var report = ScanReport(inputs: [input], findings: [finding], launches: [launch], rules: [rule])
        let before = BaselineReport.LaunchRecord(id: "L1", bundle: evil, process: evil, outcome: .active, timeToActiveMs: 10)
        report.baseline = BaselineDiff(
            baseline: BaselineReport(path: evil, findings: [gone], launches: [before]), inputs: [path], findings: [finding],
            launches: [launch])
        return report
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
