import CArchiveLoader

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One member of an archive, as its header describes it.
struct ArchiveMember: Sendable, Equatable {
    /// The path inside the archive (`logs/device.log`).
    var name: String
    var isRegularFile: Bool
    /// The size the header gives, when it gives one.
    var size: Int64?
    /// What the member links to, when it is a link (its name inside the archive for a hard link).
    var link: Link? = nil
    /// Why the member's name could not be read (empty, or not convertible), when it could not:
    /// `name` then only says which one it is.
    var unreadableName: String? = nil

    /// A member that stands for another file rather than holding bytes of its own.
    enum Link: Sendable, Equatable {
        case hard(to: String)
        case symbolic(to: String)
    }
}

/// Streams the members of a tar, zip, gzip, bzip2 or xz file through libarchive, never
/// extracting to disk. A member that is itself compressed or an archive can be opened in turn
/// (``init(member:of:)``), reading through its parent.
final class ArchiveReader {
    /// The longest member name read (Linux's `PATH_MAX`); a longer one is passed over.
    static let longestMemberName = 4_096
    /// How much of a longer name is shown.
    static let shownNamePrefix = 256

    /// The archive's name in messages: `capture.tar.gz`, or `outer.tar!/inner.tar.gz`.
    let path: String
    private let handle: OpaquePointer
    /// For a nested archive: where its compressed bytes come from.
    private let parent: ParentStream?
    /// Whether the input is a single compressed stream (`capture.log.gz`) rather than an archive.
    private(set) var isSingleStream = false
    /// For a lone gzip file: what it decompressed to, checked against its trailer at its end.
    private var gzipCheck: GzipCheck?
    /// How many members without a readable name were met.
    private var unnamedMembers = 0

    /// Opens the file at `path`.
    init(path: String) throws(InputError) {
        self.path = path
        switch XZDictionary.survey(ofFileAt: path) {
        case .largestDictionary(let dictionary?) where dictionary > XZDictionary.maximumBytes:
            throw InputError(path: path, reason: XZDictionary.refusal(ofBytes: dictionary), kind: .read)
        case .tooManyBlocks:
            throw InputError(
                path: path, reason: "is xz-compressed in more than \(XZDictionary.maximumBlocks) blocks, which is not read", kind: .read)
        case .notXZ, .largestDictionary: break
        }
        try Self.loadLibrary(for: path)
        guard let handle = carchive_read_new() else { throw InputError(path: path, reason: "out of memory", kind: .open) }
        self.handle = handle
        self.parent = nil
        Self.enableEverything(handle)
        // On failure deinit frees the handle (every property is set by then).
        guard PathBytes.withCString(path, { carchive_read_open_filename(handle, $0, 64 << 10) }) == ARCHIVE_OK else {
            throw InputError(path: path, reason: Self.message(handle), kind: .open)
        }
    }

    /// Opens the current member of `outer` as an archive or compressed stream of its own.
    init(member name: String, of outer: ArchiveReader) throws(InputError) {
        path = outer.path + "!/" + name
        guard let handle = carchive_read_new() else { throw InputError(path: path, reason: "out of memory", kind: .open) }
        self.handle = handle
        let parent = ParentStream(outer: outer)
        self.parent = parent
        Self.enableEverything(handle)
        let opened = carchive_read_open2(
            handle, Unmanaged.passUnretained(parent).toOpaque(), nil,
            { archive, client, buffer in
                guard let client, let buffer else { return -1 }
                let stream = Unmanaged<ParentStream>.fromOpaque(client).takeUnretainedValue()
                return stream.read(archive, into: buffer)
            }, nil, nil)
        guard opened == ARCHIVE_OK else {
            throw InputError(path: path, reason: Self.message(handle), kind: .open)
        }
    }

    deinit {
        carchive_read_free(handle)
    }

    /// Loads libarchive, the first time an archive is opened (on Linux: see CArchiveLoader.h).
    private static func loadLibrary(for path: String) throws(InputError) {
        _ = utf8Names
        guard let failure = carchive_load() else { return }
        throw InputError(
            path: path, reason: "libarchive, which reads archives, could not be loaded (\(PathBytes.string(cString: failure))); install libarchive (libarchive13 on Debian and Ubuntu)",
            kind: .open)
    }

    /// libarchive converts a member name it knows to be UTF-8 (a zip's names flagged so, as
    /// Python, Java, Go, .NET and 7-Zip write any name beyond ASCII) to the C library's character
    /// set, and gives no name at all when that is ASCII (the `C` locale every program starts in):
    /// `café.log` was passed over. Once, before the first archive, a `C` or `POSIX` character
    /// type is made UTF-8 (`C.UTF-8`; `UTF-8` on macOS). Names are bytes either way; only that
    /// conversion changes.
    private static let utf8Names: Void = {
        guard let current = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }), current == "C" || current == "POSIX" else { return }
        for name in ["C.UTF-8", "UTF-8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil { return }
    }()

    /// The decompression filters scenelog reads with (gzip, bzip2, xz, lzma, lzip, zstd, lz4,
    /// compress), those libarchive decodes itself. One it was built without it would hand to an
    /// external program found through `PATH` (as it always does for lrzip, lzop and grzip): an
    /// input's bytes would choose a program to run. Which are built in is asked once, of an
    /// archive object of its own (a filter libarchive would run a program for answers
    /// `ARCHIVE_WARN`).
    private static let builtInFilters: [@Sendable (OpaquePointer) -> Int32] = {
        let filters: [@Sendable (OpaquePointer) -> Int32] = [
            carchive_read_support_filter_gzip, carchive_read_support_filter_bzip2, carchive_read_support_filter_xz,
            carchive_read_support_filter_lzma, carchive_read_support_filter_lzip, carchive_read_support_filter_zstd,
            carchive_read_support_filter_lz4, carchive_read_support_filter_compress,
        ]
        return filters.filter { enable in
            guard let probe = carchive_read_new() else { return false }
            defer { carchive_read_free(probe) }
            return enable(probe) == ARCHIVE_OK
        }
    }()

    private static func enableEverything(_ handle: OpaquePointer) {
        for enable in builtInFilters { _ = enable(handle) }
        carchive_read_support_format_all(handle)
        // A lone compressed file (capture.log.gz) reads as one member.
        carchive_read_support_format_raw(handle)
    }

    /// The next member, or `nil` at the end of the archive.
    func nextMember() throws(InputError) -> ArchiveMember? {
        var entry: OpaquePointer?
        let status = carchive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status >= ARCHIVE_WARN, let entry else {
            throw InputError(path: path, reason: Self.message(handle), kind: .read)
        }
        isSingleStream = carchive_format(handle) == ARCHIVE_FORMAT_RAW
        if isSingleStream, parent == nil { gzipCheck = GzipCheck(path: path) }
        // Raw data with no decompression filter: the file looked compressed but is not readable as such.
        if isSingleStream, carchive_filter_count(handle) <= 1 {
            throw InputError(path: path, reason: "looks compressed but cannot be decompressed: truncated or corrupt", kind: .read)
        }
        // Data compressed twice (xz inside gzip) would be decoded past the checks made of what the
        // file itself is (an xz dictionary's size): no capture is, so none is read.
        if carchive_filter_count(handle) > 2 {
            throw InputError(path: path, reason: "is compressed more than once (one compressed stream inside another); decompress it first", kind: .read)
        }
        // A name that is not UTF-8 keeps its bytes (shown as `\xFF`), as a file's name does.
        let name = carchive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? carchive_entry_pathname(entry).map { PathBytes.string(cString: $0) }
        guard let name, !name.isEmpty else {
            // No name to select it by or show: it is said to be passed over, under its place.
            unnamedMembers += 1
            let why = status == ARCHIVE_WARN ? " (\(Self.message(handle)))" : ""
            return ArchiveMember(
                name: "(member \(unnamedMembers) without a readable name)", isRegularFile: false, size: nil,
                unreadableName: "its name cannot be read\(why): passed over")
        }
        // A name longer than any path a system takes is no capture's: it would be copied into every
        // finding of the member (a pax header may make it a megabyte long).
        if name.utf8.count > Self.longestMemberName {
            return ArchiveMember(
                name: String(decoding: name.utf8.prefix(Self.shownNamePrefix), as: UTF8.self) + "…", isRegularFile: false, size: nil,
                unreadableName: "its name is \(name.utf8.count) bytes long, longer than a path can be (\(Self.longestMemberName)): passed over")
        }
        var member = ArchiveMember(
            name: name, isRegularFile: carchive_entry_filetype(entry) == carchive_regular_file_type() || isSingleStream,
            size: carchive_entry_size_is_set(entry) != 0 ? carchive_entry_size(entry) : nil)
        if let target = carchive_entry_hardlink(entry) {
            member.link = .hard(to: PathBytes.string(cString: target))
        } else if let target = carchive_entry_symlink(entry) {
            member.link = .symbolic(to: PathBytes.string(cString: target))
        }
        return member
    }

    /// Reads the current member's next bytes into `buffer`; 0 at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer, member: String) throws(InputError) -> Int {
        let count = carchive_read_data(handle, buffer.baseAddress, buffer.count)
        guard count >= 0 else {
            throw InputError(path: displayPath(of: member), reason: Self.message(handle), kind: .read)
        }
        if count > 0 {
            gzipCheck?.add(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        } else if let check = gzipCheck {
            gzipCheck = nil
            if let failure = check.failure() { throw InputError(path: displayPath(of: member), reason: failure, kind: .read) }
        }
        return count
    }

    /// A member's name in locations: `archive!/member`, or the file's own name for a lone
    /// compressed stream (whose one member libarchive calls `data`).
    func displayPath(of member: String) -> String {
        isSingleStream ? path : path + "!/" + member
    }

    /// The compressed bytes consumed so far: of the file, or of the parent's member.
    var compressedBytes: Int64 {
        parent?.consumed ?? carchive_filter_bytes(handle, -1)
    }

    private static func message(_ handle: OpaquePointer) -> String {
        // Some of libarchive's messages end with a newline.
        let text = carchive_error_string(handle).map { String(String(cString: $0).reversed().drop { $0.isWhitespace }.reversed()) } ?? "unreadable archive"
        // libarchive's own words for a failed allocation vary ("Can't allocate data for …").
        return carchive_errno(handle) == ENOMEM ? "out of memory while reading it (\(text))" : text
    }
}

/// Feeds a nested archive with the data of its parent's current member.
private final class ParentStream {
    private unowned let outer: ArchiveReader
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
    private(set) var consumed: Int64 = 0

    init(outer: ArchiveReader) {
        self.outer = outer
    }

    deinit {
        buffer.deallocate()
    }

    func read(_ archive: OpaquePointer?, into pointer: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
        let count = carchive_read_data(outerHandle, buffer.baseAddress, buffer.count)
        guard count >= 0 else {
            carchive_set_read_error(archive, "the enclosing archive could not be read")
            return -1
        }
        // A compressed member shows its first block's dictionary in its first bytes; its index,
        // which shows the others', is at its end and out of reach of a stream.
        if consumed == 0, let dictionary = XZDictionary.firstBlockBytes(in: Array(buffer.prefix(min(count, XZDictionary.headLength)))),
            dictionary > XZDictionary.maximumBytes
        {
            carchive_set_read_error(archive, XZDictionary.refusal(ofBytes: dictionary))
            return -1
        }
        consumed += Int64(count)
        pointer.pointee = UnsafeRawPointer(buffer.baseAddress)
        return count
    }

    private var outerHandle: OpaquePointer { outer.rawHandle }
}

extension ArchiveReader {
    fileprivate var rawHandle: OpaquePointer { handle }
}

@available(*, unavailable)
extension ArchiveReader: Sendable {}
