/// What one launch is sent as: a trace with a root span `app.launch`, a child span per phase and
/// per life-cycle callback, and events on the root span. A plain value, built from a ``Launch``
/// (see `LaunchTrace+Mapping.swift`) before anything is sent, so that the mapping is tested without
/// a network.
public struct LaunchTrace: Sendable, Equatable {
    /// The trace id (16 bytes as 32 lowercase hex digits), derived from the launch (``LaunchTraceID``).
    public var traceID: String
    /// The span id (8 bytes, 16 hex digits) the root span names as its parent: the capture the
    /// launch was rebuilt from, which is not itself sent (see README).
    public var captureSpanID: String
    /// The resource: the app (`service.name`), the OS and the device.
    public var resource: [String: TelemetryValue]
    public var root: PlannedSpan
    /// The phase and callback spans, children of ``root``, in time order.
    public var children: [PlannedSpan]

    /// How many spans the trace has: its children and the root.
    public var spanCount: Int { children.count + 1 }
}

/// A span to send, with its times (nanoseconds since 1970 UTC) already read from the log.
public struct PlannedSpan: Sendable, Equatable {
    /// A span's status: an error (with the outcome as its message) marks a launch that left the
    /// user without a working app.
    public enum Status: Sendable, Equatable {
        case unset
        case error(String)
    }

    public var name: String
    public var start: UInt64
    public var end: UInt64
    public var attributes: [String: TelemetryValue]
    public var events: [PlannedEvent]
    public var status = Status.unset

    public init(name: String, start: UInt64, end: UInt64, attributes: [String: TelemetryValue] = [:], events: [PlannedEvent] = []) {
        self.name = name
        self.start = start
        self.end = max(start, end)
        self.attributes = attributes
        self.events = events
    }
}

/// An event on a span, at a time read from the log.
public struct PlannedEvent: Sendable, Equatable {
    public var name: String
    public var time: UInt64
    public var attributes: [String: TelemetryValue]

    public init(name: String, time: UInt64, attributes: [String: TelemetryValue] = [:]) {
        self.name = name
        self.time = time
        self.attributes = attributes
    }
}

/// An attribute's value, as OTLP carries it.
public enum TelemetryValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }
}
