import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `chromium --headless` on a file, for the HTML report's browser tests.
enum HeadlessChromium {
    /// What a run printed.
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        var timedOut: Bool
    }

    /// Runs `binary` headless on `page` with `arguments` added, in a fresh profile under `folder`;
    /// kills it after `timeout` seconds.
    static func run(_ binary: URL, page: URL, arguments: [String], folder: URL, timeout: TimeInterval = 60) throws -> Run {
        let stdoutFile = folder.appendingPathComponent("chromium-\(UUID().uuidString).out")
        let stderrFile = folder.appendingPathComponent("chromium-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutFile)
        let stderr = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--user-data-dir=" + folder.appendingPathComponent("profile-\(UUID().uuidString)").path,
        ] + arguments + [page.absoluteString]
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let timedOut = process.isRunning
        if timedOut {
            process.terminate()
            let grace = Date().addingTimeInterval(5)
            while process.isRunning, Date() < grace { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return Run(
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "", status: process.terminationStatus,
            timedOut: timedOut)
    }

    /// The http(s) URLs the page itself requested, from a `--log-net-log` file: `URL_REQUEST_START_JOB`
    /// events in the page's `file://` network partition. Chromium's own background requests (time,
    /// updates, accounts, dictionaries) live in other partitions and are left out.
    static func pageRequests(inNetLog data: Data) throws -> [String] {
        // Chromium may leave the closing brackets off when it is stopped; close them if needed.
        var text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.hasSuffix("}") { text = text.trimmingCharacters(in: CharacterSet(charactersIn: ",")) + "]}" }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "the net log is not a JSON object")
        let constants = try #require(object["constants"] as? [String: Any], "the net log has no constants")
        let types = try #require(constants["logEventTypes"] as? [String: Int], "the net log has no event types")
        let startJob = try #require(types["URL_REQUEST_START_JOB"], "the net log knows no URL_REQUEST_START_JOB events")
        let events = try #require(object["events"] as? [[String: Any]], "the net log has no events")
        return events.compactMap { event in
            guard event["type"] as? Int == startJob, let parameters = event["params"] as? [String: Any],
                let url = parameters["url"] as? String, url.hasPrefix("http://") || url.hasPrefix("https://")
            else { return nil }
            let partition = ["network_isolation_key", "site_for_cookies", "initiator"].compactMap { parameters[$0] as? String }
            return partition.contains { $0.contains("file://") } ? url : nil
        }
    }
}
