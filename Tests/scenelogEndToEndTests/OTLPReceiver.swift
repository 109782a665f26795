import Foundation
import Testing
import TestSupport

/// `OTLPReceiver/otlp_receiver.py` on 127.0.0.1: a real OTLP/HTTP endpoint that decodes what
/// scenelog sends with the official protobuf definitions (PyPI `opentelemetry-proto`) and keeps
/// each request as a JSON line.
final class OTLPReceiver {
    static let script = CommandRunner.packageRoot.appendingPathComponent("Tests/scenelogEndToEndTests/OTLPReceiver/otlp_receiver.py")

    /// How the receiver answers.
    enum Behaviour {
        case accepting
        /// The first `count` requests get `status`, the others 200.
        case failingFirst(Int, status: Int)
        /// Each request is read and never answered.
        case neverAnswering
        /// OTLP/gRPC (PyPI grpcio) instead of OTLP/HTTP, accepting.
        case grpc
    }

    private let process = Process()
    private let log: URL
    let port: Int

    /// The receiver's base URL, for `--otlp-endpoint`.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    init(_ behaviour: Behaviour = .accepting) throws {
        let modules = ["opentelemetry.proto.collector.trace.v1.trace_service_pb2"] + (behaviour.isGRPC ? ["grpc"] : [])
        let python = try DistributedNight.python(
            with: modules, install: "python3 -m pip install opentelemetry-proto==1.45.2 grpcio==1.85.1")
        log = try CommandRunner.temporaryFolder().appendingPathComponent("requests.jsonl")
        var arguments = [Self.script.path, "--out", log.path]
        switch behaviour {
        case .accepting: break
        case .failingFirst(let count, let status): arguments += ["--fail-first", String(count), "--fail-status", String(status)]
        case .neverAnswering: arguments.append("--never-answer")
        case .grpc: arguments.append("--grpc")
        }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The receiver prints `PORT <n>` once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
            process.terminate()
            throw ReceiverDidNotStart(output: text)
        }
        self.port = port
    }

    /// Killed (SIGKILL): the receiver is started from a thread that blocks SIGTERM, and inherits that.
    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    struct ReceiverDidNotStart: Error {
        var output: String
    }

    /// The requests received so far, in order.
    func requests() throws -> [Request] {
        guard let data = try? Data(contentsOf: log) else { return [] }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try JSONDecoder().decode(Request.self, from: Data(line.utf8))
        }
    }

    /// Every span of the accepted requests.
    func spans() throws -> [Span] { try requests().flatMap { $0.spans ?? [] } }

    struct Request: Decodable {
        var path: String
        var contentType: String?
        var headers: [String: String]
        var status: Int
        var spans: [Span]?
    }

    struct Span: Decodable {
        var resource: [String: Value]
        var traceId: String
        var spanId: String
        var parentSpanId: String
        var name: String
        var start: UInt64
        var end: UInt64
        var attributes: [String: Value]
        var events: [Event]
        var status: Status

        struct Event: Decodable {
            var name: String
            var time: UInt64
            var attributes: [String: Value]
        }

        struct Status: Decodable {
            var code: Int
            var message: String
        }
    }

    /// An attribute's value as the receiver decoded it.
    enum Value: Decodable, Equatable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .int(number)
            } else if let number = try? container.decode(Double.self) {
                self = .double(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }
    }
}

extension OTLPReceiver.Behaviour {
    var isGRPC: Bool {
        if case .grpc = self { return true }
        return false
    }
}

/// A port on 127.0.0.1 that nothing listens on: one the system handed out and that was let go.
func refusedPort() throws -> Int {
    let result = try CommandRunner.run(
        executable: try RequiredTool.python3.locate(),
        ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"])
    return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
}
