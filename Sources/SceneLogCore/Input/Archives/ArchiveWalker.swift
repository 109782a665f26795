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
        /// A `.logarchive` folder, named once, not read.
        case logarchive(path: String, note: String)
        /// A member that could not be read; the walk goes on with the next one.
        case failure(InputError)
    }

    /// Crash reports are small; more than this is not one.
    static let maximumCrashReportBytes = 16 << 20

    private let path: String
    private let selection: PathSelection
    private let limits: ExpansionLimits
    private var top: ArchiveReader?
    private var namedLogarchives: Set<String> = []

    init(path: String, selection: PathSelection, limits: ExpansionLimits) {
        self.path = path
        self.selection = selection
        self.limits = limits
    }

    /// The compressed bytes of the file read so far (for progress).
    var compressedBytesRead: Int64 { top?.compressedBytes ?? 0 }

    /// Calls `visit` with each member to scan, in archive order.
    /// - Throws: an ``InputError`` when the file cannot be opened or its structure breaks (a
    ///   truncated tar); the members visited before it stand.
    func walk(_ visit: (Entry) -> Void) throws(InputError) {
        let reader = try ArchiveReader(path: path)
        top = reader
        try walk(reader, depth: 0, visit)
    }

    private func walk(_ reader: ArchiveReader, depth: Int, _ visit: (Entry) -> Void) throws(InputError) {
        while let member = try reader.nextMember() {
            guard member.isRegularFile else { continue }
            if let root = LogarchiveHint.logarchiveRoot(of: member.name) {
                if namedLogarchives.insert(reader.path + "!/" + root).inserted {
                    visit(.logarchive(path: reader.path + "!/" + root, note: LogarchiveHint.note(for: root, in: reader.path)))
                }
                continue
            }
            if reader.isSingleStream {
                visit(.text(path: reader.path, source: ArchiveMemberReader(archive: reader, member: member.name, limits: limits)))
                continue
            }
            guard selection.admits(member.name) else { continue }
            let memberPath = reader.path + "!/" + member.name
            if member.name.lowercased().hasSuffix("." + PathSelection.crashReportExtension) {
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
                visit(.text(path: memberPath, source: ArchiveMemberReader(archive: reader, member: member.name, limits: limits)))
            }
        }
    }

    private func visitCrashReport(
        _ reader: ArchiveReader, _ member: ArchiveMember, _ memberPath: String, _ visit: (Entry) -> Void
    ) {
        let source = ArchiveMemberReader(archive: reader, member: member.name, limits: limits)
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
            visit(.failure(InputError(path: memberPath, reason: "is larger than a crash report can be", kind: .notText)))
            return
        }
        visit(.crashReport(path: memberPath, bytes: bytes))
    }
}

@available(*, unavailable)
extension ArchiveWalker: Sendable {}
