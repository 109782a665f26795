/// Which bundle id each pid belongs to, learned from the system's own lines:
/// `app<com.example.app(UUID)>:1766`, `[app<com.example.app>:1766]`, `application<com.example.app>:796`.
///
/// Lets `--app com.example.app` keep findings logged by the app's process under its executable
/// name (`Runner`, `MyApp`).
public struct ProcessIdentities: Sendable {
    private var bundles: [Int: String] = [:]

    public init() {}

    /// The bundle id of `pid`, if a line named it.
    public func bundle(ofPID pid: Int) -> String? { bundles[pid] }

    /// Learns from one record's message.
    public mutating func note(_ record: RecordView) {
        guard record.fields.kind == .message else { return }
        let message = record.message
        var search = 0
        while let open = message.index(of: ASCII.less, from: search) {
            search = open + 1
            let isApp = message.matches("app", at: open - 3) || message.matches("application", at: open - 11)
            guard isApp, let close = message.index(of: ASCII.greater, from: open + 1) else { continue }
            let bundleEnd = message.index(of: ASCII.openParen, from: open + 1, to: close) ?? close
            guard bundleEnd > open + 1, message.matches(">:", at: close) else { continue }
            let pidEnd = message.endOfDigits(from: close + 2)
            guard let pid = message.decimalValue(close + 2..<pidEnd) else { continue }
            if bundles[pid] == nil { bundles[pid] = message.string(open + 1..<bundleEnd) }
            search = pidEnd
        }
    }
}
