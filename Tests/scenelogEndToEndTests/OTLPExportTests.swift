import Foundation
import Testing
import TestSupport

/// `--otlp-endpoint` against a real OTLP/HTTP receiver on 127.0.0.1 that decodes the requests
/// with the official protobuf definitions: one trace per launch of the Samples/ report, with its
/// phase spans at the log's times, its events and its resource; and the failures that must cost
/// neither the report nor the exit code.
@Suite("OTLP export", .serialized)
struct OTLPExportTests {
    static let report = ["report", "--format", "json", "--fail-on", "never", "Samples/"]

    /// The Samples/ report's launches, as JSON objects.
    static func launches(_ result: CommandResult) throws -> [[String: Any]] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(report["launches"] as? [[String: Any]])
    }

    @Test("one trace per launch of Samples/, with the report's ids, outcomes, phase times, events and resource")
    func samples() throws {
        let receiver = try OTLPReceiver()
        let result = try CommandRunner.run(Self.report + ["--otlp-endpoint", receiver.endpoint])
        #expect(result.status == 0, "\(result.stderr)")
        let launches = try Self.launches(result)
        #expect(result.stderr == "scenelog: note: sent \(launches.count) launches to \(receiver.endpoint)/v1/traces (OTLP http/protobuf)\n")
        let requests = try receiver.requests()
        #expect(requests.allSatisfy { $0.path == "/v1/traces" && $0.contentType == "application/x-protobuf" && $0.status == 200 })
        let spans = try receiver.spans()
        let roots = spans.filter { $0.name == "app.launch" }

        // One trace per launch, under the report's launch ids.
        #expect(launches.count > 30)
        #expect(roots.count == launches.count)
        #expect(Set(spans.map(\.traceId)).count == launches.count)
        #expect(Set(roots.compactMap { $0.attributes["scenelog.launch.id"]?.string }) == Set(launches.compactMap { $0["id"] as? String }))
        let rootsByID = Dictionary(uniqueKeysWithValues: roots.map { ($0.attributes["scenelog.launch.id"]?.string ?? "", $0) })

        var timedPhases = 0
        for launch in launches {
            let id = try #require(launch["id"] as? String)
            let root = try #require(rootsByID[id])
            let children = spans.filter { $0.traceId == root.traceId && $0.spanId != root.spanId }
            #expect(children.allSatisfy { $0.parentSpanId == root.spanId && $0.start >= root.start && $0.end <= root.end }, "\(id)")
            #expect(root.parentSpanId.count == 16, "the root names the capture as its parent")
            #expect(root.attributes["scenelog.launch.outcome"]?.string == launch["outcome"] as? String, "\(id)")
            #expect(root.attributes["scenelog.launch.evidence"]?.string == launch["evidence"] as? String, "\(id)")
            #expect(root.attributes["scenelog.launch.time_to_active_ms"] == (launch["timeToActiveMs"] as? Int).map { .int($0) }, "\(id)")
            let termination = launch["termination"] as? [String: Any]
            #expect(root.attributes["scenelog.termination.kind"]?.string == termination?["kind"] as? String, "\(id)")
            #expect(root.attributes["scenelog.termination.detail"]?.string == termination?["detail"] as? String, "\(id)")
            #expect(["cold", "warm", "background", "unknown"].contains(root.attributes["scenelog.launch.type"]?.string ?? ""))

            // The phase spans start at the log's stamps, on the phase's line.
            let phases = launch["phases"] as? [String: [String: Any]] ?? [:]
            for phase in ["requested", "spawned", "bootstrapped", "sceneCreated", "windowKey"] {
                guard let mark = phases[phase], let stamp = mark["timestamp"] as? String else { continue }
                let span = children.first { $0.attributes["scenelog.phase"]?.string == phase }
                #expect(span?.attributes["scenelog.log.line"] == (mark["line"] as? Int).map { .int($0) }, "\(id) \(phase)")
                if let expected = Self.nanoseconds(stamp), let span {
                    #expect(span.start.distance(to: expected).magnitude <= 1_000, "\(id) \(phase) at \(stamp)")
                    timedPhases += 1
                }
            }

            // Events: the state changes, each finding, the crash.
            let events = root.events
            if phases["active"]?["timestamp"] is String {
                #expect(events.contains { $0.name == "device.app.lifecycle" && $0.attributes["ios.app.state"] == .string("active") }, "\(id)")
            }
            let findings = events.filter { $0.name == "scenelog.finding" }
            #expect(findings.count == launch["findings"] as? Int, "\(id)")
            #expect(findings.allSatisfy { $0.attributes["scenelog.finding.rule"] != nil && $0.attributes["scenelog.finding.severity"] != nil
                && $0.attributes["scenelog.log.path"] != nil && $0.attributes["scenelog.log.line"] != nil })
            if launch["outcome"] as? String == "crashed" {
                let crash = events.first { $0.name == "app.crash" }
                #expect(crash?.attributes["exception.type"]?.string?.isEmpty == false, "\(id)")
            }

            // The resource: the app, the OS, the device.
            let app = launch["bundle"] as? String ?? launch["process"] as? String ?? "unknown app"
            #expect(root.resource["service.name"]?.string == app)
            #expect(root.resource["os.name"]?.string == "ios")
            #expect(root.resource["telemetry.distro.name"]?.string == "scenelog")
            if let device = launch["device"] as? String {
                #expect((root.resource["scenelog.device.name"] ?? root.resource["device.id"])?.string == device, "\(id)")
            }
        }
        #expect(timedPhases > 10, "phases with a full date and offset are checked to the microsecond")
        // The crash report's OS version reaches the resource of its launch.
        #expect(roots.contains { $0.resource["os.version"]?.string == "17.3.1" })
        #expect(roots.contains { root in root.events.contains { $0.attributes["exception.type"]?.string == "NSInvalidArgumentException" } })
    }

    @Test("OTEL_EXPORTER_OTLP_PROTOCOL=grpc sends over OTLP/gRPC to the server as named: the same traces")
    func grpc() throws {
        let receiver = try OTLPReceiver(.grpc)
        let result = try CommandRunner.run(
            Self.report + ["--otlp-endpoint", receiver.endpoint, "--otlp-required"], environment: ["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"])
        #expect(result.status == 0, "\(result.stderr)")
        let launches = try Self.launches(result)
        #expect(result.stderr == "scenelog: note: sent \(launches.count) launches to \(receiver.endpoint) (OTLP grpc)\n")
        let roots = try receiver.spans().filter { $0.name == "app.launch" }
        #expect(Set(roots.compactMap { $0.attributes["scenelog.launch.id"]?.string }) == Set(launches.compactMap { $0["id"] as? String }))
        #expect(Set(roots.map(\.traceId)).count == launches.count)
    }

    @Test("sending the same report again reuses every trace id; a merge of shards sends the same ids")
    func deterministicIDs() throws {
        let first = try OTLPReceiver()
        _ = try CommandRunner.run(Self.report + ["--otlp-endpoint", first.endpoint])
        let again = try OTLPReceiver()
        _ = try CommandRunner.run(Self.report + ["--otlp-endpoint", again.endpoint])
        let ids = Set(try first.spans().filter { $0.name == "app.launch" }.map(\.traceId))
        #expect(ids == Set(try again.spans().filter { $0.name == "app.launch" }.map(\.traceId)))

        let parts = try CommandRunner.temporaryFolder()
        for shard in 1...2 {
            let part = try CommandRunner.run([
                "report", "--shard", "\(shard)/2", "--allow-empty", "--fail-on", "never", "--format", "json", "--output",
                parts.appendingPathComponent("part-\(shard).json").path, "Samples/",
            ])
            #expect(part.status == 0, "\(part.stderr)")
        }
        let merged = try OTLPReceiver()
        let merge = try CommandRunner.run(["merge", "--fail-on", "never", "--format", "json", "--otlp-endpoint", merged.endpoint, parts.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(Set(try merged.spans().filter { $0.name == "app.launch" }.map(\.traceId)) == ids)
    }

    @Test("an endpoint that refuses connections: one warning with the count, the same report and exit code; 3 with --otlp-required")
    func refused() throws {
        let plain = try CommandRunner.run(Self.report)
        let count = try Self.launches(plain).count
        let endpoint = "http://127.0.0.1:\(try refusedPort())"
        let started = Date()
        let result = try CommandRunner.run(Self.report + ["--otlp-endpoint", endpoint])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.status == 0)
        #expect(result.stdout == plain.stdout, "the report is the same")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("scenelog: warning: \(count) of \(count) launches not exported to \(endpoint)/v1/traces") == true)

        let output = try CommandRunner.temporaryFolder().appendingPathComponent("report.json")
        let required = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never", "--otlp-required", "--otlp-endpoint", endpoint, "--output", output.path,
             "Samples/"], environment: ["OTEL_EXPORTER_OTLP_TIMEOUT": "2000"])
        #expect(required.status == 3)
        #expect(try Data(contentsOf: output).count > 1000, "the report is written first")
    }

    @Test("an endpoint that answers 503 and then 200: the batch is retried and every launch arrives")
    func retried() throws {
        let receiver = try OTLPReceiver(.failingFirst(1, status: 503))
        let result = try CommandRunner.run(Self.report + ["--otlp-endpoint", receiver.endpoint, "--otlp-required"])
        #expect(result.status == 0, "\(result.stderr)")
        let count = try Self.launches(result).count
        #expect(result.stderr.contains("sent \(count) launches"))
        let requests = try receiver.requests()
        #expect(requests.first?.status == 503)
        #expect(requests.dropFirst().allSatisfy { $0.status == 200 })
        #expect(Set(try receiver.spans().filter { $0.name == "app.launch" }.map(\.traceId)).count == count)
    }

    @Test("an endpoint that never answers: the export gives up at the OTLP timeout, with one warning; the report is the same")
    func neverAnswers() throws {
        let receiver = try OTLPReceiver(.neverAnswering)
        let plain = try CommandRunner.run(Self.report)
        let started = Date()
        let result = try CommandRunner.run(
            Self.report + ["--otlp-endpoint", receiver.endpoint], environment: ["OTEL_EXPORTER_OTLP_TIMEOUT": "1500"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 20, "bounded by the timeout, not by the receiver")
        #expect(result.status == 0)
        #expect(result.stdout == plain.stdout)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("scenelog: warning: "))
        #expect(result.stderr.contains("launches not exported"))
    }

    @Test("headers from OTEL_EXPORTER_OTLP_HEADERS are sent percent-decoded; OTEL_SERVICE_NAME names the service")
    func headersAndServiceName() throws {
        let receiver = try OTLPReceiver()
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never", "Samples/scene-adopted-clean-launch.txt"],
            environment: [
                "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint, "OTEL_EXPORTER_OTLP_HEADERS": "x-scenelog-team=ios%20platform",
                "OTEL_SERVICE_NAME": "nightly-launches",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let requests = try receiver.requests()
        #expect(requests.first?.headers["x-scenelog-team"] == "ios platform")
        #expect(try receiver.spans().allSatisfy { $0.resource["service.name"]?.string == "nightly-launches" })
    }

    @Test("unusable settings are a usage error naming the variable or option", arguments: [
        (["--otlp-endpoint", "ftp://collector:4318"], [:], "--otlp-endpoint"),
        (["--otlp-endpoint", "http://127.0.0.1:1"], ["OTEL_EXPORTER_OTLP_HEADERS": "a=%zz"], "OTEL_EXPORTER_OTLP_HEADERS"),
        ([], ["OTEL_EXPORTER_OTLP_ENDPOINT": "collector:4318"], "OTEL_EXPORTER_OTLP_ENDPOINT"),
        (["--otlp-endpoint", "http://127.0.0.1:1"], ["OTEL_EXPORTER_OTLP_PROTOCOL": "thrift"], "OTEL_EXPORTER_OTLP_PROTOCOL"),
        (["--otlp-required"], [:], "--otlp-required"),
        (["--otlp-required", "--otlp-endpoint", "http://127.0.0.1:1"], ["OTEL_SDK_DISABLED": "TRUE"], "--otlp-required"),
    ] as [([String], [String: String], String)])
    func usage(arguments: [String], environment: [String: String], named: String) throws {
        let result = try CommandRunner.run(["scan", "Samples/scene-adopted-clean-launch.txt"] + arguments, environment: environment)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing is scanned")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("scenelog: error: \(named) "), "\(result.stderr)")
    }

    @Test("OTEL_SDK_DISABLED=true: nothing is sent, one warning, the report as usual")
    func disabled() throws {
        let receiver = try OTLPReceiver()
        let plain = try CommandRunner.run(Self.report)
        let result = try CommandRunner.run(Self.report + ["--otlp-endpoint", receiver.endpoint], environment: ["OTEL_SDK_DISABLED": "true"])
        #expect(result.status == 0)
        #expect(result.stdout == plain.stdout)
        #expect(result.stderr == "scenelog: warning: OTEL_SDK_DISABLED is true: launches are not sent over OTLP\n")
        #expect(try receiver.requests().isEmpty)
    }

    @Test("watch sends each launch when its outcome is known, again when it changes, under one trace id")
    func watch() throws {
        let receiver = try OTLPReceiver()
        let sample = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/crash-relaunch-two-launches.txt"))
        let result = try CommandRunner.run(
            ["watch", "--format", "ndjson", "--fail-on", "never", "--otlp-endpoint", receiver.endpoint], stdin: sample)
        #expect(result.status == 0, "\(result.stderr)")
        let roots = try receiver.spans().filter { $0.name == "app.launch" }
        let outcomes = roots.map { ($0.attributes["scenelog.launch.id"]?.string ?? "", $0.attributes["scenelog.launch.outcome"]?.string ?? "") }
        #expect(outcomes.map(\.0) == ["L1", "L1", "L2"])
        #expect(outcomes.map(\.1) == ["active", "crashed", "active"])
        #expect(roots[0].traceId == roots[1].traceId && roots[1].traceId != roots[2].traceId)
    }

    /// `2023-07-19 08:22:51.916784+0300` in nanoseconds since 1970 UTC; `nil` for a stamp of
    /// another form.
    static func nanoseconds(_ stamp: String) -> UInt64? {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})\.(\d{1,9})([+-])(\d{2}):?(\d{2})$/
        guard let match = stamp.wholeMatch(of: pattern) else { return nil }
        var components = DateComponents()
        components.year = Int(match.1)
        components.month = Int(match.2)
        components.day = Int(match.3)
        components.hour = Int(match.4)
        components.minute = Int(match.5)
        components.second = Int(match.6)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { return nil }
        let fraction = String(match.7).padding(toLength: 9, withPad: "0", startingAt: 0)
        let offset = ((Int(match.9) ?? 0) * 3600 + (Int(match.10) ?? 0) * 60) * (match.8 == "-" ? -1 : 1)
        let seconds = Int(date.timeIntervalSince1970) - offset
        return UInt64(seconds) * 1_000_000_000 + (UInt64(fraction) ?? 0)
    }
}
