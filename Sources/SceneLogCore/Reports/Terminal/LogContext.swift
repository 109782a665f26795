#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a log around a finding (`--context N`, like `rg -C N`), read again from the input
/// after the scan: only from a regular file read as text, by the byte offset its finding records,
/// a chunk at a time, each line cut to ``maximumLineLength`` characters; only when this process
/// scanned the path and it still names the file that was scanned (``ScannedFiles``).
///
/// Reading it is the text report's business alone: no other format shows context.
public struct LogContext: Sendable {
    /// The most lines shown each side of a finding.
    public static let maximumRadius = 20
    /// The most characters (Unicode scalars) of a context line shown; the rest is cut, with `…`.
    static let maximumLineLength = 200
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
        case standardInput, archiveMember, compressed, notRegularFile, offsetUnknown, unreadable, changed, notScanned

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
            case .notScanned: "no context: only the files this run scanned are read again (not those a merged part names)"
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

    /// The lines around a finding, and whether a line longer than ``longestLineWalked`` stopped
    /// them short of ``radius`` on either side (the file's ends stop them without a word).
    struct Window: Equatable {
        var lines: [Line]
        /// Fewer lines before the finding's than asked for, and the file goes on before them.
        var cutBefore = false
        /// Fewer lines after it than asked for, and the file goes on after them.
        var cutAfter = false
    }

    /// The lines around `location`: ``radius`` lines before it, its own line, ``radius`` after
    /// (fewer at the file's ends, or past a line longer than ``longestLineWalked``). Each line is
    /// read from its start, ``maximumLineLength`` characters of it, however long it is.
    func lines(around location: SourceLocation) -> Result<Window, Unavailable> {
        guard location.byteOffset >= 0, location.line >= 1 else { return .failure(.offsetUnknown) }
        let descriptor: Int32
        let size: Int
        switch open(location.path) {
        case .failure(let unavailable): return .failure(unavailable)
        case .success(let file): (descriptor, size) = file
        }
        defer { close(descriptor) }
        guard location.byteOffset < size else { return .failure(.changed) }
        // The finding's line starts a line: a file rewritten since the scan would not.
        if location.byteOffset > 0 {
            guard let previous = FileSystem.bytes(of: descriptor, at: Int64(location.byteOffset - 1), count: 1) else {
                return .failure(.unreadable)
            }
            guard previous == [ASCII.newline] else { return .failure(.changed) }
        }
        let reader = LineWalker(descriptor: descriptor, size: size)
        let wanted = min(radius, location.line - 1)
        guard let starts = reader.startsOfLines(wanted, before: location.byteOffset),
            let following = reader.lines(from: starts + [location.byteOffset], following: radius)
        else { return .failure(.unreadable) }
        let first = location.line - starts.count
        let lines = following.lines.enumerated().map { index, line in
            Line(number: first + index, text: Self.text(of: line.bytes[...], cut: line.cut), isFinding: index == starts.count)
        }
        return .success(Window(lines: lines, cutBefore: starts.count < wanted, cutAfter: following.cutShort))
    }

    /// The longest line walked over to reach the lines past it: the scan cuts longer ones too.
    static let longestLineWalked = 1 << 20

    /// Finds lines in a file by reading it a chunk at a time, backwards or forwards, keeping the
    /// first bytes of each line only.
    private struct LineWalker {
        let descriptor: Int32
        let size: Int
        private static let chunkSize = 16 << 10

        init(descriptor: Int32, size: Int) {
            self.descriptor = descriptor
            self.size = size
        }

        /// Where the `count` lines before the one at `offset` start, the earliest first; fewer at
        /// the file's start or before a line longer than ``LogContext/longestLineWalked``. `nil`
        /// when the file cannot be read.
        func startsOfLines(_ count: Int, before offset: Int) -> [Int]? {
            var starts: [Int] = []
            var end = offset - 1  // the previous line's `\n`
            while starts.count < count, end >= 0 {
                var chunkEnd = end
                var start: Int?
                while start == nil, chunkEnd > 0, end - chunkEnd <= LogContext.longestLineWalked {
                    let chunkStart = max(0, chunkEnd - Self.chunkSize)
                    guard let bytes = FileSystem.bytes(of: descriptor, at: Int64(chunkStart), count: chunkEnd - chunkStart) else { return nil }
                    if let newline = bytes.lastIndex(of: ASCII.newline) { start = chunkStart + newline + 1 }
                    chunkEnd = chunkStart
                }
                if start == nil, chunkEnd == 0 { start = 0 }
                guard let start else { break }
                starts.append(start)
                end = start - 1
            }
            return starts.reversed()
        }

        /// The first bytes of the lines that start at `starts` (each ending at the next start) and
        /// of `count` lines after the last of them; `cut` when a line goes on past what is kept,
        /// `cutShort` when a long line stopped them before `count` and the file's end.
        func lines(from starts: [Int], following count: Int) -> (lines: [(bytes: [UInt8], cut: Bool)], cutShort: Bool)? {
            var lines: [(bytes: [UInt8], cut: Bool)] = []
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1] - 1 : nil
                guard let line = line(at: start, endingAt: end) else { return nil }
                lines.append(line)
            }
            var start = starts.last ?? 0
            for _ in 0..<count {
                guard let next = startOfLine(after: start) else { return (lines, true) }
                guard next < size, let line = line(at: next, endingAt: nil) else { break }
                lines.append(line)
                start = next
            }
            return (lines, false)
        }

        /// The kept bytes of the line at `start`, whose `\n` is at `end` when known.
        private func line(at start: Int, endingAt end: Int?) -> (bytes: [UInt8], cut: Bool)? {
            let kept = LogContext.maximumLineLength * 4
            let length = min(end.map { $0 - start } ?? kept + 1, kept + 1)
            guard var bytes = FileSystem.bytes(of: descriptor, at: Int64(start), count: length) else { return nil }
            if end == nil, let newline = bytes.firstIndex(of: ASCII.newline) { bytes.removeSubrange(newline...) }
            let cut = bytes.count > kept
            if cut { bytes.removeSubrange(kept...) }
            if !cut, bytes.last == ASCII.carriageReturn { bytes.removeLast() }
            return (bytes, cut)
        }

        /// Where the line after the one at `start` starts: ``size`` at the file's end (or where it
        /// can be read no further), `nil` past a line longer than ``LogContext/longestLineWalked``.
        private func startOfLine(after start: Int) -> Int? {
            var position = start
            while position < size {
                guard position - start <= LogContext.longestLineWalked else { return nil }
                guard let bytes = FileSystem.bytes(of: descriptor, at: Int64(position), count: min(Self.chunkSize, size - position)),
                    !bytes.isEmpty
                else { return size }
                if let newline = bytes.firstIndex(of: ASCII.newline) { return position + newline + 1 }
                position += bytes.count
            }
            return size
        }
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
            else if let head = FileSystem.bytes(of: descriptor, at: 0, count: 512) {
                if head.withUnsafeBufferPointer({ InputKind.sniff($0) }).isArchive { .compressed }
                else if !ScannedFiles.shared.wasScanned(path) { .notScanned }
                else if ScannedFiles.shared.hasChanged(path, to: info) { .changed }
                else { nil }
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
