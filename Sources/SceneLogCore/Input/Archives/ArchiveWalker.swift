/// Walks an archive or compressed file: each member worth scanning is handed over as a stream
/// to read, a crash report's bytes, or a logarchive to name; a member that is itself an archive
/// or compressed is opened and walked in turn, one level deep.
final class ArchiveWalker {
    /// One member to handle.
    enum Entry {
        /// A text member, read as a stream (valid only during the visit).
        case text(path: String, source: any ChunkSource)
        /// A crash report's bytes (at most ``maximumCrashReportBytes``).
        case crashReport(path: String, bytes: [UInt8])
        /// A member named, not read, with why: a `.logarchive` folder (named once), a link.
        case notRead(path: String, note: String)
        /// A member that could not be read; the walk goes on with the next one.
        case failure(InputError)
    }

    /// Crash reports are small; more than this is not one.
    static let maximumCrashReportBytes = 16 << 20
    /// How many first bytes of a member tell a crash report from a log (as the stream scanner sniffs).
    static let sniffLength = 512

    private let path: String
    private let selection: PathSelection
    private let limits: ExpansionLimits
    private var top: ArchiveReader?
    private var namedLogarchives: Set<String> = []
    /// Regular members met at the top level, chosen by the selection or not.
    private var topMembers = 0

    init(path: String, selection: PathSelection, limits: ExpansionLimits) {
        self.path = path
        self.selection = selection
        self.limits = limits
    }

    /// The compressed bytes of the file read so far (for progress).
    var compressedBytesRead: Int64 { top?.compressedBytes ?? 0 }

    /// Calls `visit` with each member to scan, in archive order.
    /// - Throws: an ``InputError`` when the file cannot be opened or its structure breaks (a
    ///   truncated tar), the members visited before it standing; or when it holds no member at all
    ///   (an empty compressed file, or one of zeros, which reads as an empty tar).
    func walk(_ visit: (Entry) -> Void) throws(InputError) {
        let reader = try ArchiveReader(path: path)
        top = reader
        try walk(reader, depth: 0, visit)
        if topMembers == 0 {
            throw InputError(path: path, reason: "holds nothing to scan (an empty or unreadable compressed file)", kind: .notText)
        }
    }

    private func walk(_ reader: ArchiveReader, depth: Int, _ visit: (Entry) -> Void) throws(InputError) {
        while let member = try reader.nextMember() {
            if let why = member.unreadableName {
                visit(.notRead(path: reader.path + "!/" + member.name, note: why))
                continue
            }
            if let link = member.link, !reader.isSingleStream {
                // A link stands for a file, not in it: a log-named one is named, never followed.
                if selection.admits(member.name) {
                    visit(.notRead(path: reader.path + "!/" + member.name, note: Self.note(on: link)))
                }
                continue
            }
            guard member.isRegularFile else {
                // A device or a FIFO named like a log is said to be passed over, as a link is.
                if !reader.isSingleStream, !member.name.hasSuffix("/"), selection.admits(member.name) {
                    visit(.notRead(path: reader.path + "!/" + member.name, note: "is not a regular file (a device or a FIFO): passed over"))
                }
                continue
            }
            if depth == 0 { topMembers += 1 }
            if let root = LogarchiveHint.logarchiveRoot(of: member.name) {
                if namedLogarchives.insert(reader.path + "!/" + root).inserted {
                    visit(.notRead(path: reader.path + "!/" + root, note: LogarchiveHint.note(for: root, in: reader.path)))
                }
                continue
            }
            if reader.isSingleStream {
                visitSniffed(reader, member, reader.path, visit)
                continue
            }
            guard selection.admits(member.name) else { continue }
            let memberPath = reader.path + "!/" + member.name
            if PathSelection.isCrashReportName(member.name) {
                visitCrashReport(reader, member, memberPath, visit)
            } else if PathSelection.isArchiveName(member.name) {
                guard depth == 0 else {
                    visit(.failure(InputError(path: memberPath, reason: "is an archive inside an archive inside an archive; only one level of nesting is read", kind: .notText)))
                    continue
                }
                do {
                    try walk(try ArchiveReader(member: member.name, of: reader), depth: depth + 1, visit)
                } catch {
                    visit(.failure(error))
                }
            } else {
                visitSniffed(reader, member, memberPath, visit)
            }
        }
    }

    /// Why a link member is not read.
    private static func note(on link: ArchiveMember.Link) -> String {
        switch link {
        case .hard(let target): "a hard link to '\(Escaping.visible(target))' in the archive, not read: its lines are that member's"
        case .symbolic(let target): "a symbolic link (to '\(Escaping.visible(target))'), not followed"
        }
    }

    /// A member read as a log unless its first bytes are a crash report's (a legacy text report
    /// named `.crash` or `.txt`, say), which is then read as one.
    private func visitSniffed(
        _ reader: ArchiveReader, _ member: ArchiveMember, _ memberPath: String, _ visit: (Entry) -> Void
    ) {
        let source = PeekingSource(ArchiveMemberReader(archive: reader, member: member.name, limits: limits))
        let head = source.peek(Self.sniffLength)
        if head.withUnsafeBufferPointer({ InputKind.sniff($0) }) == .crashReport {
            visitCrashReport(source, memberPath, visit)
        } else {
            visit(.text(path: memberPath, source: source))
        }
    }

    private func visitCrashReport(
        _ reader: ArchiveReader, _ member: ArchiveMember, _ memberPath: String, _ visit: (Entry) -> Void
    ) {
        visitCrashReport(ArchiveMemberReader(archive: reader, member: member.name, limits: limits), memberPath, visit)
    }

    private func visitCrashReport(_ source: any ChunkSource, _ memberPath: String, _ visit: (Entry) -> Void) {
        var bytes: [UInt8] = []
        do {
            while bytes.count <= Self.maximumCrashReportBytes {
                let chunk = try source.nextChunk()
                if chunk.isEmpty { break }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            visit(.failure(error))
            return
        }
        guard bytes.count <= Self.maximumCrashReportBytes else {
            let limit = BoundedFile.describe(Self.maximumCrashReportBytes)
            visit(.failure(InputError(path: memberPath, reason: "is more than \(limit); crash reports are read up to \(limit)", kind: .notText)))
            return
        }
        visit(.crashReport(path: memberPath, bytes: bytes))
    }
}

@available(*, unavailable)
extension ArchiveWalker: Sendable {}

/// A chunk source whose first bytes can be looked at before it is read: they are handed out again
/// as its first chunk.
final class PeekingSource: ChunkSource {
    private let source: any ChunkSource
    /// The peeked bytes, freed with the source.
    private var head = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var headHandedOut = false
    private var ended = false
    /// An error met while peeking, thrown once the peeked bytes are handed out.
    private var peekError: InputError?

    init(_ source: any ChunkSource) {
        self.source = source
    }

    deinit {
        head.deallocate()
    }

    /// At least `count` first bytes (fewer only at the end of the source, or when reading fails:
    /// the error then comes after them, as from the source itself); call once, before reading.
    func peek(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        do throws(InputError) {
            while bytes.count < count {
                let chunk = try source.nextChunk()
                if chunk.isEmpty {
                    ended = true
                    break
                }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            peekError = error
        }
        head.deallocate()
        head = .allocate(capacity: bytes.count)
        _ = head.initialize(from: bytes)
        return bytes
    }

    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        if !headHandedOut {
            headHandedOut = true
            if !head.isEmpty { return UnsafeBufferPointer(head) }
        }
        if let peekError {
            self.peekError = nil
            ended = true
            throw peekError
        }
        if ended { return UnsafeBufferPointer(start: nil, count: 0) }
        return try source.nextChunk()
    }
}
