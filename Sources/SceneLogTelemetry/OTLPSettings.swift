import SceneLogCore

/// Where and how launches are sent: the OTLP endpoint, protocol and headers, from
/// `--otlp-endpoint` and the exporter variables of the OpenTelemetry specification.
///
/// The variables are untrusted input: an endpoint must be an `http` or `https` URL of at most
/// ``maximumEndpointLength`` bytes, headers must be `key=value` pairs with token keys and
/// percent-encoded values; anything else is an ``OTLPSettingsError`` naming the variable.
public struct OTLPSettings: Sendable, Equatable {
    /// The OTLP transports (`OTEL_EXPORTER_OTLP_PROTOCOL`).
    public enum Transport: String, Sendable, CaseIterable {
        case grpc
        case httpProtobuf = "http/protobuf"
        case httpJSON = "http/json"
    }

    /// The URL requests go to: for OTLP/HTTP the traces URL (`…/v1/traces`), for gRPC the server.
    public var endpoint: String
    public var transport: Transport
    /// The request headers, percent-decoded.
    public var headers: [Header]

    /// One request header.
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(endpoint: String, transport: Transport, headers: [Header] = []) {
        self.endpoint = endpoint
        self.transport = transport
        self.headers = headers
    }

    public static let maximumEndpointLength = 2048
    public static let maximumHeadersLength = 8192

    /// The variables scenelog reads itself. swift-otel reads the process environment again when
    /// its exporter is made (without percent-decoding headers, and with the variables over the
    /// command line), so ``LaunchExportSession`` removes them from the environment first.
    public static let variables = [
        endpointVariable, tracesEndpointVariable, headersVariable, tracesHeadersVariable, protocolVariable, tracesProtocolVariable,
    ]
    public static let endpointVariable = "OTEL_EXPORTER_OTLP_ENDPOINT"
    public static let tracesEndpointVariable = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
    public static let headersVariable = "OTEL_EXPORTER_OTLP_HEADERS"
    public static let tracesHeadersVariable = "OTEL_EXPORTER_OTLP_TRACES_HEADERS"
    public static let protocolVariable = "OTEL_EXPORTER_OTLP_PROTOCOL"
    public static let tracesProtocolVariable = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"

    /// The settings of `--otlp-endpoint` (`option`) and `environment`, or `nil` when neither names
    /// an endpoint (nothing is sent).
    ///
    /// As the specification says: the traces variables win over the general ones; a general
    /// endpoint (and `--otlp-endpoint`, which stands for it and wins over both) is a base URL that
    /// OTLP/HTTP sends to at `v1/traces`, a traces endpoint is used as it is; the protocol is
    /// `http/protobuf` unless a protocol variable says `grpc` or `http/json`.
    public static func resolve(endpointOption option: String?, environment: [String: String]) throws(OTLPSettingsError) -> OTLPSettings? {
        let transport = try self.transport(in: environment)
        let headers = try self.headers(in: environment)
        let endpoint: String
        if let option {
            endpoint = baseEndpoint(try validURL(option, from: "--otlp-endpoint"), transport: transport)
        } else if let traces = environment[tracesEndpointVariable], !traces.isEmpty {
            let url = try validURL(traces, from: tracesEndpointVariable)
            endpoint = url.hasPath ? url.text : url.text + "/"
        } else if let base = environment[endpointVariable], !base.isEmpty {
            endpoint = baseEndpoint(try validURL(base, from: endpointVariable), transport: transport)
        } else {
            return nil
        }
        try checkBatchVariables(in: environment)
        return OTLPSettings(endpoint: endpoint, transport: transport, headers: headers)
    }

    /// The batch span processor's variables swift-otel reads itself, with the values they may take
    /// here: a batch of none, a queue of millions or a delay of none or of days made an export
    /// that never ends or takes all memory.
    static let batchVariables: [(name: String, range: ClosedRange<Int>)] = [
        ("OTEL_BSP_SCHEDULE_DELAY", 1...60_000), ("OTEL_BSP_EXPORT_TIMEOUT", 1...600_000),
        ("OTEL_BSP_MAX_QUEUE_SIZE", 1...65_536), ("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 1...65_536),
    ]

    /// Refuses a batch variable that is no whole number in its range, and a batch larger than the queue.
    private static func checkBatchVariables(in environment: [String: String]) throws(OTLPSettingsError) {
        var values: [String: Int] = [:]
        for (name, range) in batchVariables {
            guard let text = environment[name], !text.isEmpty else { continue }
            guard let value = Int(text), range.contains(value) else {
                throw OTLPSettingsError(
                    variable: name, problem: "takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(Self.quoted(text))")
            }
            values[name] = value
        }
        if let batch = values["OTEL_BSP_MAX_EXPORT_BATCH_SIZE"], batch > values["OTEL_BSP_MAX_QUEUE_SIZE"] ?? 2_048 {
            throw OTLPSettingsError(
                variable: "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", problem: "is larger than the queue (OTEL_BSP_MAX_QUEUE_SIZE, 2048 by default)")
        }
    }

    private static func transport(in environment: [String: String]) throws(OTLPSettingsError) -> Transport {
        for variable in [tracesProtocolVariable, protocolVariable] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            guard let transport = Transport(rawValue: value) else {
                throw OTLPSettingsError(
                    variable: variable, problem: "takes grpc, http/protobuf or http/json, not \(Self.quoted(value))")
            }
            return transport
        }
        return .httpProtobuf
    }

    /// The traces URL of a base endpoint: `v1/traces` under it for OTLP/HTTP, itself for gRPC.
    private static func baseEndpoint(_ url: ValidURL, transport: Transport) -> String {
        switch transport {
        case .grpc: url.text
        case .httpProtobuf, .httpJSON: url.text.hasSuffix("/") ? url.text + "v1/traces" : url.text + "/v1/traces"
        }
    }

    private struct ValidURL {
        var text: String
        /// Whether anything follows the authority (`/otlp`, `/`).
        var hasPath: Bool
    }

    /// `text` when it is an `http` or `https` URL with a host, of a bounded length, without
    /// spaces or control characters.
    private static func validURL(_ text: String, from source: String) throws(OTLPSettingsError) -> ValidURL {
        guard text.utf8.count <= maximumEndpointLength else {
            throw OTLPSettingsError(variable: source, problem: "is longer than \(maximumEndpointLength) bytes")
        }
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || !$0.isASCII }) else {
            throw OTLPSettingsError(variable: source, problem: "holds spaces, control or non-ASCII characters: \(quoted(text))")
        }
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else {
            throw OTLPSettingsError(variable: source, problem: "must be an http:// or https:// URL, not \(quoted(text))")
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.hasPrefix(":"), !authority.contains("@") else {
            throw OTLPSettingsError(variable: source, problem: "names no host (or holds credentials): \(quoted(text))")
        }
        return ValidURL(text: text, hasPath: rest.count > authority.count)
    }

    /// The headers of the traces variable, else the general one: `key=value` pairs separated by
    /// commas, values percent-decoded (W3C Baggage, as the specification says).
    private static func headers(in environment: [String: String]) throws(OTLPSettingsError) -> [Header] {
        guard let (variable, text) = [tracesHeadersVariable, headersVariable].lazy
            .compactMap({ name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }).first
        else { return [] }
        guard text.utf8.count <= maximumHeadersLength else {
            throw OTLPSettingsError(variable: variable, problem: "is longer than \(maximumHeadersLength) bytes")
        }
        var headers: [Header] = []
        for (index, entry) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let pair = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingSpaces
            guard pair.count == 2, !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
                throw OTLPSettingsError(variable: variable, problem: "entry \(index + 1) is not key=value with a header name as its key")
            }
            guard let value = percentDecoded(pair[1].trimmingSpaces),
                !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F })
            else {
                throw OTLPSettingsError(
                    variable: variable, problem: "the value of entry \(index + 1) (\(quoted(String(name)))) is not valid percent-encoded text")
            }
            headers.append(Header(name: String(name), value: value))
        }
        return headers
    }

    /// RFC 9110 `tchar`: the characters of a header name.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        return (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }

    /// `text` with its `%XX` escapes decoded, or `nil` when an escape is cut short or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `text` in quotes, cut to 200 bytes, its control characters shown.
    private static func quoted(_ text: String) -> String {
        let cut = text.utf8.count > 200 ? String(decoding: text.utf8.prefix(200), as: UTF8.self) + "…" : text
        return "'" + DiagnosticText.visibleLines(cut) + "'"
    }
}

/// A `--otlp-endpoint` or exporter variable that cannot be used: a usage error.
public struct OTLPSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable (`OTEL_EXPORTER_OTLP_HEADERS`) or option (`--otlp-endpoint`).
    public var variable: String
    public var problem: String

    public var description: String { "\(variable) \(problem)" }
}

extension Substring {
    /// The text without its leading and trailing spaces and tabs (the specification's optional whitespace).
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
