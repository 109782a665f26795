/// A report path split into the file on disk and, for an archive member, the member inside it:
/// `capture.tar.gz!/logs/a.log` is the file `capture.tar.gz` and the member `logs/a.log`. A member
/// of a nested archive keeps the rest of the chain: `outer.tar!/inner.tar.gz!/a.log` is the file
/// `outer.tar` and the member `inner.tar.gz!/a.log`.
///
/// The CI renderers need it because their consumers (code scanning, workflow annotations) can
/// only point at files that exist in the checkout.
struct ArchiveMemberPath: Equatable {
    /// The path of the file on disk (the outermost archive for a member).
    let file: String
    /// The path inside `file`, or `nil` when the path is a plain file.
    let member: String?

    init(_ path: String) {
        if let separator = path.firstRange(of: "!/"), separator.lowerBound != path.startIndex {
            file = String(path[..<separator.lowerBound])
            member = String(path[separator.upperBound...])
        } else {
            file = path
            member = nil
        }
    }
}
