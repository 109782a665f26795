#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a log around a finding (`--context N`, like `rg -C N`), read again from the input
/// after the scan: only from a regular file read as text, by the byte offset its finding records,
/// a bounded window of it, each line cut to ``maximumLineLength`` characters; only when the path
/// still names the file that was scanned (``ScannedFiles``).
///
/// Reading it is the text report's business alone: no other format shows context.
public struct LogContext: Sendable {
    /// The most lines shown each side of a finding.
    public static let maximumRadius = 20
    /// The most characters (Unicode scalars) of a context line shown; the rest is cut, with `…`.
    static let maximumLineLength = 200
    /// The most bytes read each side of a finding per line of context asked for.
    static let bytesPerLine = 4 << 10

    /// The lines shown before and after the finding's line.
    public let radius: Int

    /// Context of `radius` lines, at most ``maximumRadius``.
    public init(radius: Int) {
        self.radius = min(max(radius, 0), Self.maximumRadius)
    }

    /// One line of context.
    struct Line: Equatable {
        /// Its 1-based line number.
        var number: Int
        /// Its text, not yet escaped, cut to ``LogContext/maximumLineLength`` characters.
        var text: String
        /// Whether it is the finding's own line.
        var isFinding: Bool
    }

    /// Why no context is shown for a finding: what the report says instead.
    enum Unavailable: Error, Equatable {
        case standardInput, archiveMember, compressed, notRegularFile, offsetUnknown, unreadable, changed

        /// The short note the text report writes instead of the lines.
        var note: String {
            switch self {
            case .standardInput: "no context: standard input is not read twice"
            case .archiveMember: "no context: archive members are not read again"
            case .compressed: "no context: compressed files are not read again"
            case .notRegularFile: "no context: only regular files are read again"
            case .offsetUnknown: "no context: the line's place in the file is not known"
            case .unreadable: "no context: the file cannot be read again"
            case .changed: "no context: the file changed since it was scanned"
            }
        }
    }

    /// Why no line of the file at `path` can be shown, or `nil` when its lines can be read again.
    func unavailability(of path: String) -> Unavailable? {
        switch open(path) {
        case .failure(let unavailable): return unavailable
        case .success(let file):
            close(file.descriptor)
            return nil
        }
    }

    /// The lines around `location`: ``radius`` lines before it, its own line, ``radius`` after
    /// (fewer at the file's ends, or where lines are longer than the window read).
    func lines(around location: SourceLocation) -> Result<[Line], Unavailable> {
        guard location.byteOffset >= 0, location.line >= 1 else { return .failure(.offsetUnknown) }
        let descriptor: Int32
        let size: Int
        switch open(location.path) {
        case .failure(let unavailable): return .failure(unavailable)
        case .success(let file): (descriptor, size) = file
        }
        defer { close(descriptor) }
        guard location.byteOffset <= size else { return .failure(.changed) }

        let window = (radius + 1) * Self.bytesPerLine
        let start = max(location.byteOffset - window, 0)
        guard let bytesBefore = FileSystem.bytes(of: descriptor, at: Int64(start), count: location.byteOffset - start),
            let bytesAfter = FileSystem.bytes(of: descriptor, at: Int64(location.byteOffset), count: window)
        else { return .failure(.unreadable) }
        // The finding's line starts a line: a file rewritten since the scan would not.
        guard !bytesAfter.isEmpty, bytesBefore.last == nil || bytesBefore.last == ASCII.newline else { return .failure(.changed) }

        let before = Self.lastLines(min(radius, location.line - 1), of: bytesBefore[...], fromFileStart: start == 0)
        let after = Self.firstLines(radius + 1, of: bytesAfter[...], toFileEnd: location.byteOffset + bytesAfter.count >= size)
        let first = location.line - before.count
        return .success(
            (before + after).enumerated().map { index, line in
                Line(number: first + index, text: Self.text(of: line.bytes, cut: line.cut), isFinding: index == before.count)
            })
    }

    /// A line's bytes, without its terminator, and whether the window read ends inside it.
    private typealias Piece = (bytes: ArraySlice<UInt8>, cut: Bool)

    /// The last `count` whole lines of `bytes`, which ends with a line's `\n`: a line whose start
    /// is before `bytes` (unless `bytes` starts the file) is left out, with the lines before it.
    private static func lastLines(_ count: Int, of bytes: ArraySlice<UInt8>, fromFileStart: Bool) -> [Piece] {
        var lines: [Piece] = []
        var end = bytes.endIndex
        while lines.count < count, end > bytes.startIndex {
            let terminator = end - 1
            let start: Int
            if let newline = bytes[..<terminator].lastIndex(of: ASCII.newline) {
                start = newline + 1
            } else if fromFileStart {
                start = bytes.startIndex
            } else {
                break
            }
            lines.append((withoutCarriageReturn(bytes[start..<terminator]), false))
            end = start
        }
        return lines.reversed()
    }

    /// The first `count` lines of `bytes`, which starts a line; the last one is `cut` when it has
    /// no `\n` in `bytes` and `bytes` does not reach the file's end.
    private static func firstLines(_ count: Int, of bytes: ArraySlice<UInt8>, toFileEnd: Bool) -> [Piece] {
        var lines: [Piece] = []
        var start = bytes.startIndex
        while lines.count < count, start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: ASCII.newline) else {
                lines.append((bytes[start...], !toFileEnd))
                break
            }
            lines.append((withoutCarriageReturn(bytes[start..<newline]), false))
            start = newline + 1
        }
        return lines
    }

    /// `line` without the `\r` of a `\r\n` terminator.
    private static func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == ASCII.carriageReturn ? line.dropLast() : line
    }

    /// The file at `path` opened for reading, with its size, when it is a regular file that is
    /// neither an archive nor compressed (the offsets of whose lines are not the file's), and the
    /// one scanned under that path (``ScannedFiles``), not a link put in its place since.
    private func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Unavailable> {
        if path == "-" { return .failure(.standardInput) }
        if ArchiveMemberPath(path).member != nil { return .failure(.archiveMember) }
        let descriptor = FileSystem.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        var info = stat()
        let refusal: Unavailable? =
            if fstat(descriptor, &info) != 0 { .unreadable }
            else if info.st_mode & S_IFMT != S_IFREG { .notRegularFile }
            else if ScannedFiles.shared.hasChanged(path, to: info) { .changed }
            else if let head = FileSystem.bytes(of: descriptor, at: 0, count: 512) {
                head.withUnsafeBufferPointer { InputKind.sniff($0) }.isArchive ? .compressed : nil
            } else { .unreadable }
        if let refusal {
            close(descriptor)
            return .failure(refusal)
        }
        return .success((descriptor, Int(info.st_size)))
    }

    /// A line's bytes as text (a byte that is not UTF-8 shown as U+FFFD), cut to
    /// ``maximumLineLength`` characters; with `cut`, it is known to go on past `bytes`.
    private static func text(of bytes: ArraySlice<UInt8>, cut: Bool = false) -> String {
        let byteLimit = maximumLineLength * 4
        let text = String(decoding: bytes.prefix(byteLimit), as: UTF8.self)
        guard text.unicodeScalars.count > maximumLineLength || bytes.count > byteLimit else { return cut ? text + "…" : text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLineLength))) + "…"
    }
}
