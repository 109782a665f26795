import Testing

@testable import SceneLogCore

/// The launches of a run, held as values while they may change and spilled, encoded, beyond that.
@Suite("launch log")
struct LaunchLogTests {
    /// A launch with every field set, differently for each `sequence`.
    private func launch(_ sequence: Int, path: String = "a.log") -> Launch {
        var launch = Launch(id: "L\(sequence)", path: path)
        let mark = { (line: Int) in
            LaunchMark(
                timestamp: line.isMultiple(of: 2) ? "12:00:0\(line % 10).123" : nil, seconds: line.isMultiple(of: 3) ? nil : Double(line) + 0.123_456,
                location: SourceLocation(path: line.isMultiple(of: 5) ? "b.log" : path, line: line, byteOffset: line == 1 ? -1 : line * 80),
                process: line.isMultiple(of: 4) ? nil : "SpringBoard", precisionMs: line.isMultiple(of: 7) ? 1000 : 1)
        }
        launch.bundle = sequence.isMultiple(of: 6) ? nil : "com.example.app\(sequence % 3)"
        launch.process = sequence.isMultiple(of: 4) ? nil : "App — ünïcode ✓"
        launch.pid = sequence.isMultiple(of: 5) ? nil : 400 + sequence
        launch.device = sequence.isMultiple(of: 2) ? "QA-iPad" : nil
        launch.intent = sequence.isMultiple(of: 3) ? "background" : nil
        for phase in LaunchPhase.allCases where (sequence + phase.index).isMultiple(of: 2) || phase == .active {
            launch.phases[phase] = mark(sequence * 10 + phase.index)
        }
        launch.watchdogBudget = sequence.isMultiple(of: 2) ? 19.96 : nil
        launch.events = (0..<sequence % 3).map { LaunchEvent(name: "url-open:cold", detail: $0 == 0 ? nil : "x://\($0)", mark: mark($0 + 1)) }
        launch.termination = sequence.isMultiple(of: 3) ? nil : Termination(kind: .signal, detail: sequence.isMultiple(of: 2) ? "SIGABRT(6)" : nil)
        launch.findings = sequence % 4
        launch.hitLaunchTrap = sequence.isMultiple(of: 7)
        launch.evidence = [.system, .app, .endOnly][sequence % 3]
        launch.startSeen = !sequence.isMultiple(of: 5)
        launch.appFirstLine = sequence.isMultiple(of: 2) ? mark(sequence + 1) : nil
        launch.callbacks = (0..<sequence % 4).map { index in
            LaunchCallback(
                step: LifecycleStep.allCases[index % LifecycleStep.allCases.count], delegate: index.isMultiple(of: 2) ? .app : .scene,
                scene: index.isMultiple(of: 2) ? nil : "0x10270b110", mark: mark(index + 2), text: "scene(_:willConnectTo:) \(index)")
        }
        return launch
    }

    /// The log of the launches a batch scan's store was handed, in the order given.
    private func storedLog(_ launches: [Launch], spool: Spool) -> LaunchLog {
        var store = LaunchStore(spool: spool)
        for launch in launches { store.update(launch) }
        var log = LaunchLog()
        log.append(store.finish())
        return log
    }

    @Test("every field comes back as it went in, from memory and from the spilled file alike")
    func roundTrip() {
        let written = (1...2_000).map { launch($0) }
        let log = storedLog(written, spool: Spool(memoryBudget: 4_096))
        #expect(log.count == 2_000)
        #expect(Array(log) == written)
        #expect(Array(log) == written, "a log is read as often as needed")
        #expect(log.parts[0].run.held.isEmpty, "no launch is held as a value once the input is read")
        if case .file = log.parts[0].run.blocks.last?.storage {} else { Issue.record("past the budget, blocks go to the file") }
    }

    @Test("launches that change out of order, and after they were written, come out in start order in their latest state")
    func orderRestored() {
        let count = LaunchStore.heldLaunches * 5
        var latest = (1...count).map { launch($0) }
        // Launches close in another order than they started; some change long after they were written.
        var changes = (1...count).reversed().map { latest[$0 - 1] }
        for sequence in stride(from: count, through: 1, by: -7) {
            latest[sequence - 1].findings += 10
            latest[sequence - 1].termination = Termination(kind: .watchdog, detail: "scene-create")
            changes.append(latest[sequence - 1])
        }
        let log = storedLog(changes, spool: Spool(memoryBudget: 0))
        #expect(log.count == count)
        #expect(log.map(\.id) == (1...count).map { "L\($0)" })
        #expect(Array(log) == latest)
    }

    @Test("launches that change in turn, as many as the tracker keeps open, are each written once")
    func launchesChangingInTurnAreWrittenOnce() {
        let open = LaunchTracker.Settings().maximumOpenLaunches
        var store = LaunchStore(spool: Spool())
        for round in 1...5 {
            for sequence in 1...open {
                var changed = launch(sequence)
                changed.findings = round
                store.update(changed)
            }
        }
        let run = store.finish()
        #expect(run.blocks.map(\.count).reduce(0, +) == open, "a launch written before it settles is written again")
        var log = LaunchLog()
        log.append(run)
        #expect(log.map(\.findings) == Array(repeating: 5, count: open))
    }

    @Test("a launch that changes at every line keeps the store's list of changes short")
    func changesOfOneLaunchStayFew() {
        var store = LaunchStore(spool: Spool())
        var changed = launch(1)
        for round in 1...100_000 {
            changed.findings = round
            store.update(changed)
        }
        #expect(store.changes.count < 2 * LaunchStore.heldLaunches + 1024)
        var log = LaunchLog()
        log.append(store.finish())
        #expect(log.map(\.findings) == [100_000])
    }

    @Test("a crash report joined to a launch adds to its findings when the launch is read, not before")
    func crashReportAddedAtRead() throws {
        let result = Scanner(options: try testScanOptions()).scan([
            samplePath("two-devices-idevicesyslog.log"), samplePath("crash-report-sigabrt.ips"),
        ])
        let crash = try #require(result.findings.first { $0.location.path.hasSuffix(".ips") })
        let alone = Scanner(options: try testScanOptions()).scan([samplePath("two-devices-idevicesyslog.log")])
        let joined = try #require(result.launches.first { $0.id == crash.launch })
        let before = try #require(alone.launches.first { $0.id == crash.launch })
        #expect(joined.findings == before.findings + 1)
        #expect(Array(result.launches).filter { $0.id != crash.launch } == Array(alone.launches).filter { $0.id != crash.launch })
    }

    @Test("launch ids are shifted per input, and a log joined to another keeps its added findings under the new ids")
    func shiftsAndJoins() {
        var unit = LaunchLog()
        unit.append(LaunchRun(held: [launch(1), launch(2)]), launchShift: 0)
        unit.append(LaunchRun(held: [launch(1)]), launchShift: 2)
        unit.addFinding(toLaunch: "L3")
        var run: LaunchLog = [launch(1)]
        run.append(contentsOf: unit, launchShift: 1)
        #expect(run.map(\.id) == ["L1", "L2", "L3", "L4"])
        #expect(run.map(\.findings) == [launch(1).findings, launch(1).findings, launch(2).findings, launch(1).findings + 1])
    }

    @Test("an empty log has nothing to read, from a scan as from its initialiser")
    func empty() throws {
        let log = LaunchLog()
        #expect(log.isEmpty && log.count == 0 && log.first == nil && Array(log).isEmpty)
        let result = Scanner(options: try testScanOptions()).scan(bytes: [], name: "empty.log")
        #expect(result.launches.isEmpty && result.launches.first == nil)
        let literal: LaunchLog = []
        #expect(literal.isEmpty)
    }

    @Test("a log written as an array literal, then appended to, reads in that order")
    func arrayLiteral() {
        var log: LaunchLog = [launch(1), launch(2)]
        log.append(launch(3))
        #expect(log.count == 3 && !log.isEmpty)
        #expect(log.first == launch(1))
        #expect(Array(log) == [launch(1), launch(2), launch(3)])
        #expect(Array(LaunchLog([launch(4), launch(5)])) == [launch(4), launch(5)])
    }

    @Test("a scan of many launches holds none as a value once read, and numbers them in order across inputs")
    func scanSpills() throws {
        let text = try sample("crash-relaunch-two-launches.txt")
        let once = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "night.txt")
        let copies = LaunchStore.heldLaunches
        let result = Scanner(options: try testScanOptions()).scan(inMemory: [
            (name: "night.txt", bytes: Array(String(repeating: text, count: copies).utf8)), (name: "again.txt", bytes: Array(text.utf8)),
        ])
        #expect(result.launches.count == once.launches.count * (copies + 1))
        #expect(result.launches.map(\.id) == (1...result.launches.count).map { "L\($0)" })
        #expect(result.launches.parts.allSatisfy { $0.run.held.isEmpty })
        let last = Array(result.launches).suffix(once.launches.count)
        #expect(last.map(\.outcome) == once.launches.map(\.outcome) && last.map(\.bundle) == once.launches.map(\.bundle))
        #expect(result.findings.count == once.findings.count * (copies + 1))
    }
}
