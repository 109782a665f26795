/// Which bundle id each pid and each process name belongs to, learned from the system's own lines
/// (`app<com.example.app(UUID)>:1766`, `[app<com.example.app>:1766]`,
/// `application<com.example.app>:796`) and from the launches rebuilt (which join bundle, process
/// and pid, on Console.app exports too).
///
/// Lets `--app com.example.app` keep findings logged by the app's process under its executable
/// name (`Runner`, `MyApp`), and `--app MyApp` keep findings that name only the bundle.
struct ProcessIdentities: Sendable {
    private var bundlesByPID: [Int: String] = [:]
    private var bundlesByProcess: [String: String] = [:]

    init() {}

    /// The bundle id of `pid`, if a line or a launch named it.
    func bundle(ofPID pid: Int) -> String? { bundlesByPID[pid] }

    /// The bundle id of the process named `process`, if a launch joined them.
    func bundle(ofProcess process: String) -> String? { bundlesByProcess[process] }

    /// Learns from one record's message.
    mutating func note(_ record: RecordView) {
        guard record.fields.kind == .message else { return }
        let message = record.message
        LaunchMarkerParsing.forEachNamedProcess(in: message) { bundle, pid in
            // The pid is compared first: a bundle id becomes a String only the first time its pid is named.
            if bundlesByPID[pid] == nil { bundlesByPID[pid] = message.string(bundle) }
            return true
        }
    }

    /// Learns from a launch that knows its bundle.
    mutating func note(_ launch: Launch) {
        guard let bundle = launch.bundle else { return }
        if let pid = launch.pid, bundlesByPID[pid] == nil { bundlesByPID[pid] = bundle }
        if let process = launch.process, bundlesByProcess[process] == nil { bundlesByProcess[process] = bundle }
    }

    /// Whether a line or a launch named `app` as a bundle id or a process name.
    func names(_ app: String) -> Bool {
        bundlesByProcess[app] != nil || bundlesByProcess.values.contains(app) || bundlesByPID.values.contains(app)
    }

    /// Whether `finding` is of `app` (a bundle id or a process name): by its process, its bundle,
    /// or the bundle its pid or process name was learned to have.
    func finding(_ finding: Finding, isOf app: String) -> Bool {
        if finding.process == app || finding.data["bundle"] == app { return true }
        let bundle = finding.data["bundle"] ?? finding.pid.flatMap(bundle(ofPID:)) ?? finding.process.flatMap(bundle(ofProcess:))
        guard let bundle else { return false }
        return bundle == app || bundlesByProcess[app] == bundle
    }
}
