import Foundation

/// The devices attached to this machine, as `idevice_id -l` lists them (`watch --all-devices`).
public enum AttachedDevices {
    static let executableName = "idevice_id"

    static let notInstalledMessage = """
        \(executableName) is not installed (or not on PATH): --all-devices lists the devices with it.
          Debian/Ubuntu: sudo apt-get install libimobiledevice-utils
          macOS:         brew install libimobiledevice
        Or name each device with --udid.
        """

    /// The UDIDs `idevice_id -l` prints, one a line, in its order.
    /// - Throws: ``WatchError`` when idevice_id is not installed, fails, or lists no device.
    public static func list() throws(WatchError) -> [String] {
        guard let executable = IdevicesyslogProcess.locate(executableName) else {
            throw WatchError(notInstalledMessage)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-l"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw WatchError("cannot start \(executableName): \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WatchError("\(executableName) -l exited with status \(process.terminationStatus)")
        }
        let udids = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !udids.isEmpty else { throw WatchError("no device is attached (\(executableName) -l lists none)") }
        return udids
    }
}
