import Testing

@testable import SceneLogCore

/// The findings of a run, kept in memory while few and spilled to a temporary file beyond that.
@Suite("finding log")
struct FindingLogTests {
    private func finding(_ line: Int, rule: String = "uncaught-exception", severity: Severity = .error, launch: String? = nil)
        -> Finding
    {
        Finding(
            rule: rule, severity: severity, message: "finding of line \(line) — ünïcode ✓",
            location: SourceLocation(path: "a.log", line: line, byteOffset: line == 0 ? -1 : line * 100), timestamp: line.isMultiple(of: 2) ? "12:00:0\(line % 10)" : nil,
            process: line.isMultiple(of: 3) ? nil : "App", pid: line.isMultiple(of: 5) ? nil : 400 + line,
            device: line.isMultiple(of: 7) ? nil : line.isMultiple(of: 2) ? "QA-iPad" : "00008110-001A2B3C4D5E801E", launch: launch,
            excerpt: String(repeating: "x", count: line % 300), data: line.isMultiple(of: 4) ? ["bundle": "com.example.app", "n": "\(line)"] : [:])
    }

    @Test("every field comes back as it went in, from memory and from the spilled file alike")
    func roundTrip() {
        let spool = Spool(memoryBudget: 4_096)
        var writer = FindingWriter(spool: spool)
        let written = (0..<5_000).map { finding($0) }
        for item in written { writer.append(item) }
        var log = FindingLog()
        log.append(writer.finish())
        #expect(log.count == 5_000)
        #expect(Array(log) == written)
        #expect(Array(log) == written, "a log is read as often as needed")
        if case .file = log.parts[0].run.blocks.last?.storage {} else { Issue.record("past the budget, blocks go to the file") }
    }

    @Test("a block that cannot be read back whole is no silent loss: the spool says so, and the run is incomplete")
    func failedReadBackIsSaid() {
        let spool = Spool(memoryBudget: 0)
        var writer = FindingWriter(spool: spool)
        for line in 1...50 { writer.append(finding(line)) }
        let log = FindingLog(run: writer.finish())
        #expect(log.count == 50 && Array(log).count == 50)
        #expect(!spool.failedToReadBack)
        _ = spool.read(offset: 1 << 30, length: 16)  // past the file's end: as an I/O error would leave it
        #expect(spool.failedToReadBack)
        var result = ScanResult()
        result.spool = spool
        #expect(result.readBackFailed)
        #expect(FailurePolicy(failOn: nil, allowsEmpty: true).verdict(on: result) == .incomplete)
    }

    @Test("launch diagnoses are merged in by line; at one line, the line finding comes first")
    func diagnosesMergeByLine() {
        var writer = FindingWriter(spool: Spool(memoryBudget: 0))
        for line in [2, 5, 9] { writer.append(finding(line, rule: "line")) }
        writer.hold(finding(7, rule: "late-diagnosis"))
        writer.hold(finding(1, rule: "early-diagnosis"))
        writer.hold(finding(5, rule: "same-line-diagnosis"))
        let log = FindingLog(run: writer.finish())
        #expect(log.map(\.location.line) == [1, 2, 5, 5, 7, 9])
        #expect(log.map(\.rule) == ["early-diagnosis", "line", "line", "same-line-diagnosis", "late-diagnosis", "line"])
    }

    @Test("launch ids are shifted per part, a linked crash report takes its launch, and counts add up")
    func shiftsLinksAndCounts() {
        var unit = FindingLog()
        unit.append(FindingRun(held: [finding(1, launch: "L1"), finding(2, severity: .note, launch: "L2")]), launchShift: 3)
        unit.append(FindingRun(held: [finding(7, rule: "crash-report")]))
        var run = FindingLog([finding(9, severity: .warning, launch: "L1")])
        run.append(contentsOf: unit, launchShift: 1)
        run.link(part: 2, toLaunch: "L7", device: "QA-iPad")
        #expect(run.map(\.launch) == ["L1", "L5", "L6", "L7"])
        #expect(run.map(\.device).last == "QA-iPad", "a crash report linked to a launch is on the launch's device")
        #expect(run.count == 4 && run.count(atOrAbove: .warning) == 3 && run.count(atOrAbove: .error) == 2)
        #expect(run.tally.byRule == ["uncaught-exception": 3, "crash-report": 1])
        #expect(run.first?.location.line == 9)
    }

    @Test("a filter keeps the order and holds the diagnoses apart")
    func filterKeepsOrder() {
        let spool = Spool(memoryBudget: 0)
        var writer = FindingWriter(spool: spool)
        for line in 1...300 { writer.append(finding(line, rule: line.isMultiple(of: 2) ? "even" : "odd")) }
        writer.hold(finding(150, rule: "diagnosis"))
        let kept = writer.finish().filter(spool: spool) { $0.rule != "odd" }
        #expect(kept.held.map(\.rule) == ["diagnosis"])
        let log = FindingLog(run: kept)
        #expect(log.count == 151)
        #expect(log.map(\.location.line) == (Array(stride(from: 2, through: 300, by: 2)) + [150]).sorted())
    }

    @Test("a scan of many findings keeps few in memory and reads them all back in order")
    func scanSpills() throws {
        // A line of Samples/crash-relaunch-two-launches.txt (a Console.app export), repeated.
        let line = "Error\t18:42:13.731542-0600\tRoutebook\t*** Terminating app due to uncaught exception 'NSInvalidArgumentException', "
            + "reason: 'RouteStore: cannot restore route \"morning-loop\" without a start coordinate'\n"
        let text = String(repeating: line, count: 20_000)
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "many.log")
        #expect(result.findings.count == 20_000)
        #expect(result.findings.map(\.location.line) == Array(1...20_000))
        let inMemory = result.findings.parts.flatMap(\.run.blocks).reduce(0) { total, block in
            if case .memory(let bytes) = block.storage { return total + bytes.count }
            return total
        }
        #expect(inMemory <= Spool.defaultMemoryBudget)
    }
}

extension FindingLog {
    fileprivate init(run: FindingRun) {
        self.init()
        append(run)
    }
}
