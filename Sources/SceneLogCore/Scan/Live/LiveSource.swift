#if canImport(Glibc)
import Glibc

private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin

private let systemRead = Darwin.read
#endif

/// Where a live scan reads from: standard input (a pipe or a file), a file followed like `tail -F`,
/// or the output of an `idevicesyslog` that scenelog started.
public final class LiveSource {
    /// What one read gave.
    public enum ReadResult: Equatable {
        /// This many bytes.
        case bytes(Int)
        /// Nothing yet (a followed file with no new data).
        case idle
        /// The input ended.
        case end
    }

    private enum Source {
        case stream
        case followed(FollowedFile)
        case spawned(IdevicesyslogProcess)
    }

    /// The input's name in findings' locations: `-`, the followed path, or `idevicesyslog`.
    public let name: String
    private let source: Source

    private init(name: String, source: Source) {
        self.name = name
        self.source = source
    }

    /// Standard input, read as it arrives.
    public static var standardInput: LiveSource { LiveSource(name: "-", source: .stream) }

    /// `path`, from its current end (or its start), following rotation and truncation.
    /// - Parameter report: told when the file is rotated or truncated.
    public static func following(
        _ path: String, fromStart: Bool, report: @escaping (ScanDiagnostic) -> Void
    ) throws(WatchError) -> LiveSource {
        LiveSource(name: path, source: .followed(try FollowedFile(path: path, fromStart: fromStart, report: report)))
    }

    /// `paths` as ``following(_:fromStart:report:)`` reads each, a file named twice (by the same
    /// name, or by another name or a link to it) followed once, where it first comes, with a note.
    public static func following(
        _ paths: [String], fromStart: Bool, report: @escaping (ScanDiagnostic) -> Void
    ) throws(WatchError) -> [LiveSource] {
        var sources: [LiveSource] = []
        var firstByFile: [FileIdentity: String] = [:]
        var named: Set<String> = []
        for path in paths {
            let identity = FileSystem.status(path).map(FileIdentity.init)
            if let first = identity.flatMap({ firstByFile[$0] }) ?? (named.contains(path) ? path : nil) {
                let again = first == path ? "is named twice" : "is the file '\(Escaping.visible(first))' named again"
                report(ScanDiagnostic(.note, "'\(Escaping.visible(path))' \(again); it is followed once"))
                continue
            }
            named.insert(path)
            if let identity { firstByFile[identity] = path }
            sources.append(try following(path, fromStart: fromStart, report: report))
        }
        return sources
    }

    /// A new `idevicesyslog` (with `-u udid` when given).
    /// When it cannot start or fails, the live loop reading it is woken and ends with the failure.
    public static func spawningIdevicesyslog(udid: String?) throws(WatchError) -> LiveSource {
        LiveSource(
            name: IdevicesyslogProcess.executableName,
            source: .spawned(try IdevicesyslogProcess(udid: udid) { WakeUpPipe.wake(.childFailed) }))
    }

    /// Whether lines arrive as the device writes them, so that the time each arrives tells when it
    /// was written: a spawned idevicesyslog, a followed file, standard input unless it is a file.
    public var arrivesAsWritten: Bool {
        guard case .stream = source else { return true }
        var status = stat()
        return fstat(STDIN_FILENO, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    }

    /// Whether standard input is a pipe, a socket or a file (rather than a terminal or `/dev/null`).
    public static var standardInputIsData: Bool {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }

    /// The descriptor to wait on with `poll`, or `nil` for a followed file, which is read on a timer.
    var pollDescriptor: Int32? {
        switch source {
        case .stream: STDIN_FILENO
        case .followed: nil
        case .spawned(let process): process.output
        }
    }

    /// The descriptor of the spawned idevicesyslog's standard error while it is open, to wait on.
    var errorDescriptor: Int32? {
        guard case .spawned(let process) = source, !process.errors.ended else { return nil }
        return process.errors.descriptor
    }

    /// What the spawned idevicesyslog wrote on its standard error since asked last: whole lines,
    /// or everything with `final` (``ErrorRelay/take(final:)``); nothing for the other sources.
    func errorText(final: Bool) -> [UInt8] {
        guard case .spawned(let process) = source else { return [] }
        return process.errors.take(final: final)
    }

    /// Reads what is there, up to `buffer.count` bytes: one large read when much is waiting.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(WatchError) -> ReadResult {
        switch source {
        case .stream: return try Self.read(STDIN_FILENO, into: buffer, name: "standard input")
        case .spawned(let process): return try Self.read(process.output, into: buffer, name: name)
        case .followed(let file): return try file.read(into: buffer)
        }
    }

    /// Stops the input's producer (the spawned idevicesyslog); nothing for the others.
    public func stop() {
        if case .spawned(let process) = source { process.stop() }
    }

    /// Why the spawned idevicesyslog ended, when it did not end well.
    public var failure: String? {
        if case .spawned(let process) = source { return process.failure }
        return nil
    }

    /// Why the input ended badly, once its output has closed: the spawned idevicesyslog's
    /// ``failure``, after waiting (up to 2 seconds) for it to exit.
    public var failureAtEnd: String? {
        if case .spawned(let process) = source { return process.failure(waitingUpTo: 2) }
        return nil
    }

    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, name: String) throws(WatchError)
        -> ReadResult
    {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return .idle }
            throw WatchError("cannot read \(name): \(String(cString: strerror(errno)))")
        }
    }
}
