import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The devices attached to this machine, as `idevice_id -l` lists them (`watch --all-devices`).
///
/// What idevice_id prints is untrusted: it is read for at most ``deadlineSeconds`` and
/// ``outputLimit`` bytes, and each line must look like a UDID before it is passed on to
/// idevicesyslog.
public enum AttachedDevices {
    static let executableName = "idevice_id"
    /// How long idevice_id may take to list the devices (it answers in well under a second).
    static let deadlineSeconds = 10.0
    /// The most bytes of its list that are read: thousands of devices' UDIDs.
    static let outputLimit = 64 << 10
    /// The longest UDID taken (today's are 25 or 40 characters).
    static let udidLimit = 64

    static let notInstalledMessage = """
        \(executableName) is not installed (or not on PATH): --all-devices lists the devices with it.
          Debian/Ubuntu: sudo apt-get install libimobiledevice-utils
          macOS:         brew install libimobiledevice
        Or name each device with --udid.
        """

    /// The UDIDs `idevice_id -l` prints, one a line, in its order.
    /// - Throws: ``WatchError`` when idevice_id is not installed, fails, takes too long, prints too
    ///   much or a line that is no UDID, or lists no device.
    public static func list() throws(WatchError) -> [String] {
        guard let executable = InstalledProgram.path(named: executableName) else {
            throw WatchError(notInstalledMessage)
        }
        let run: BoundedRun
        do {
            run = try BoundedRun(
                executable, ["-l"], doing: "listing the devices", deadlineSeconds: deadlineSeconds, outputLimit: outputLimit)
        } catch {
            throw WatchError("cannot start \(executableName): \(error.localizedDescription)")
        }
        if let problem = run.problem { throw WatchError("\(executableName) -l \(problem)") }
        guard run.succeeded else {
            throw WatchError("\(executableName) -l exited with status \(run.status)")
        }
        let udids = try udids(in: run.output)
        guard !udids.isEmpty else { throw WatchError("no device is attached (\(executableName) -l lists none)") }
        return udids
    }

    /// The UDIDs of idevice_id's list, one a line (blank lines passed over).
    /// - Throws: ``WatchError`` naming the first line that is not a UDID.
    static func udids(in output: [UInt8]) throws(WatchError) -> [String] {
        var udids: [String] = []
        for (index, line) in output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            guard isUDID(text) else {
                throw WatchError(
                    "\(executableName) -l printed a line that is no UDID (line \(index + 1): "
                        + "\"\(Escaping.visible(String(text.prefix(80))))\"); name the devices with --udid")
            }
            udids.append(text)
        }
        return udids
    }

    /// Whether `text` looks like a device's UDID: letters, digits and dashes, not led by a dash
    /// (which idevicesyslog would read as an option), at most ``udidLimit`` characters.
    static func isUDID(_ text: String) -> Bool {
        text.utf8.count <= udidLimit && text.first != "-"
            && text.utf8.allSatisfy { ASCII.isDigit($0) || ASCII.isUpper($0) || ASCII.isLower($0) || $0 == UInt8(ascii: "-") }
    }
}
