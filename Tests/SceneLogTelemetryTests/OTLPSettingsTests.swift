import SceneLogTelemetry
import Testing

/// `--otlp-endpoint` and the OTLP exporter variables, as the OpenTelemetry specification reads
/// them, and the refusal of values that cannot be used.
@Suite("OTLP settings")
struct OTLPSettingsTests {
    static func resolve(_ option: String? = nil, _ environment: [String: String] = [:]) throws -> OTLPSettings? {
        try OTLPSettings.resolve(endpointOption: option, environment: environment)
    }

    static func error(_ option: String? = nil, _ environment: [String: String] = [:]) -> OTLPSettingsError? {
        do {
            _ = try OTLPSettings.resolve(endpointOption: option, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    @Test("no endpoint anywhere: nothing is sent")
    func none() throws {
        #expect(try Self.resolve(nil, ["OTEL_EXPORTER_OTLP_HEADERS": "a=b"]) == nil)
    }

    @Test("a base endpoint gets v1/traces for OTLP/HTTP; a traces endpoint is used as it is")
    func endpoints() throws {
        #expect(try Self.resolve("http://localhost:4318")?.endpoint == "http://localhost:4318/v1/traces")
        #expect(try Self.resolve("https://otlp.example.com/otlp/")?.endpoint == "https://otlp.example.com/otlp/v1/traces")
        #expect(try Self.resolve(nil, ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"])?.endpoint == "http://c:4318/v1/traces")
        let traces = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318/custom", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://other:4318"]
        #expect(try Self.resolve(nil, traces)?.endpoint == "http://c:4318/custom")
        #expect(try Self.resolve(nil, ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://c:4318"])?.endpoint == "http://c:4318/")
        #expect(try Self.resolve("http://flag:4318", traces)?.endpoint == "http://flag:4318/v1/traces", "the command line wins")
    }

    @Test("the protocol picks the transport: http/protobuf by default, grpc with the server as it is")
    func transport() throws {
        #expect(try Self.resolve("http://c:4318")?.transport == .httpProtobuf)
        let grpc = try Self.resolve("http://c:4317", ["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"])
        #expect(grpc?.transport == .grpc)
        #expect(grpc?.endpoint == "http://c:4317")
        let json = try Self.resolve("http://c:4318", ["OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/json"])
        #expect(json?.transport == .httpJSON, "the traces variable wins")
        #expect(Self.error("http://c:4318", ["OTEL_EXPORTER_OTLP_PROTOCOL": "udp"])?.variable == "OTEL_EXPORTER_OTLP_PROTOCOL")
    }

    @Test("headers are key=value pairs, values percent-decoded; the traces variable wins")
    func headers() throws {
        let settings = try Self.resolve(
            "http://c:4318", ["OTEL_EXPORTER_OTLP_HEADERS": "api-key=secret%20value, x-team = ios%2Cmobile ,empty="])
        #expect(settings?.headers == [
            .init(name: "api-key", value: "secret value"), .init(name: "x-team", value: "ios,mobile"), .init(name: "empty", value: ""),
        ])
        let traces = try Self.resolve(
            "http://c:4318", ["OTEL_EXPORTER_OTLP_HEADERS": "a=1", "OTEL_EXPORTER_OTLP_TRACES_HEADERS": "b=2"])
        #expect(traces?.headers == [.init(name: "b", value: "2")])
    }

    @Test("invalid headers are refused, naming the variable", arguments: ["novalue", "=x", "bad key=x", "a=%2", "a=%zz", "a=%0d%0a", "a=b,,c=d"])
    func invalidHeaders(headers: String) {
        let error = Self.error("http://c:4318", ["OTEL_EXPORTER_OTLP_HEADERS": headers])
        #expect(error?.variable == "OTEL_EXPORTER_OTLP_HEADERS")
        #expect(error?.description.hasPrefix("OTEL_EXPORTER_OTLP_HEADERS ") == true)
    }

    @Test("endpoints must be http(s) URLs with a host, of bounded length, without spaces or control characters")
    func invalidEndpoints() {
        #expect(Self.error("ftp://c:21")?.variable == "--otlp-endpoint")
        #expect(Self.error("localhost:4318")?.variable == "--otlp-endpoint")
        #expect(Self.error("http://")?.variable == "--otlp-endpoint")
        #expect(Self.error("http://user:pw@c:4318")?.variable == "--otlp-endpoint")
        let escaped = Self.error(nil, ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318/\u{1B}[31m"])
        #expect(escaped?.variable == "OTEL_EXPORTER_OTLP_ENDPOINT")
        #expect(escaped?.description.contains("\u{1B}") == false, "control characters are shown, not sent to the terminal")
        let long = "http://c/" + String(repeating: "a", count: OTLPSettings.maximumEndpointLength)
        #expect(Self.error(nil, ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": long])?.variable == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    }
}
