import Crypto
import SceneLogCore

/// The ids a launch's trace is sent under, derived from the launch itself so that sending the same
/// report again reuses them: backends that keep one trace per id do not show it twice.
///
/// The key is what makes the launch in its input, independent of the other inputs of the run: the
/// input's path, the device, the bundle id and process name, the pid, and the first line of the
/// launch (its earliest phase, callback or first app line) with its timestamp as printed (two
/// captures piped in on standard input share a path). Its SHA-256 gives the trace id (bytes 0–15)
/// and the id of the capture span the root span names as its parent (bytes 16–23).
///
/// swift-otel 1.6 assigns the span ids of the spans it sends at random (its id generator is not
/// public), so only these two ids are derived; README says what that means for re-sending.
public struct LaunchTraceID: Sendable, Equatable {
    /// 32 lowercase hex digits.
    public var traceID: String
    /// 16 lowercase hex digits.
    public var captureSpanID: String

    public init(_ launch: Launch) {
        var key = "scenelog-launch-v1"
        let first = Self.firstMark(of: launch)
        let parts = [
            launch.path, launch.device, launch.bundle, launch.process, launch.pid.map(String.init), first.map { String($0.location.line) },
            first?.timestamp,
        ]
        for part in parts {
            key += "\u{0}" + (part ?? "")
        }
        var digest = Array(SHA256.hash(data: Array(key.utf8)))
        // W3C Trace Context: an all-zero trace id or parent id is invalid.
        if digest[0..<16].allSatisfy({ $0 == 0 }) { digest[15] = 1 }
        if digest[16..<24].allSatisfy({ $0 == 0 }) { digest[23] = 1 }
        traceID = Self.hex(digest[0..<16])
        captureSpanID = Self.hex(digest[16..<24])
    }

    /// The mark of the first line of the launch's input that shows it.
    static func firstMark(of launch: Launch) -> LaunchMark? {
        (launch.phases.values + launch.callbacks.map(\.mark) + [launch.appFirstLine].compactMap { $0 })
            .min { $0.location.line < $1.location.line }
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
