/// Which bundle id each pid belongs to, learned from the system's own lines:
/// `app<com.example.app(UUID)>:1766`, `[app<com.example.app>:1766]`, `application<com.example.app>:796`.
///
/// Lets `--app com.example.app` keep findings logged by the app's process under its executable
/// name (`Runner`, `MyApp`).
struct ProcessIdentities: Sendable {
    private var bundles: [Int: String] = [:]

    init() {}

    /// The bundle id of `pid`, if a line named it.
    func bundle(ofPID pid: Int) -> String? { bundles[pid] }

    /// Learns from one record's message.
    mutating func note(_ record: RecordView) {
        guard record.fields.kind == .message else { return }
        let message = record.message
        LaunchMarkerParsing.forEachNamedProcess(in: message) { bundle, pid in
            // The pid is compared first: a bundle id becomes a String only the first time its pid is named.
            if bundles[pid] == nil { bundles[pid] = message.string(bundle) }
            return true
        }
    }
}
