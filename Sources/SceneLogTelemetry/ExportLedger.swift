import Foundation
import Logging

/// The spans swift-otel's batch processor reports as exported or not, read from its diagnostic
/// log: it says `Exported batch.` (debug) or `Failed to export batch.` (warning) once per batch,
/// with the batch's size in the `batch_size` metadata. swift-otel has no other public way to tell
/// whether an export succeeded; ``LaunchExportSession`` waits on these counts.
///
/// `@unchecked Sendable`: every stored property is read and written under `lock`.
final class ExportLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var exported = 0
    private var failed = 0
    private var failure: String?

    /// Spans confirmed sent, spans whose batch failed, and the first failure's error.
    var counts: (exported: Int, failed: Int, failure: String?) {
        lock.withLock { (exported, failed, failure) }
    }

    fileprivate func record(message: String, batchSize: Int, error: String?) {
        lock.withLock {
            switch message {
            case ExportLedger.exportedMessage: exported += batchSize
            case ExportLedger.failedMessage:
                failed += batchSize
                if failure == nil { failure = error }
            default: break
            }
        }
    }

    static let exportedMessage = "Exported batch."
    static let failedMessage = "Failed to export batch."

    /// A logger for swift-otel's diagnostics that counts its batch results here and shows nothing.
    func logger() -> Logger {
        Logger(label: "scenelog.otlp") { _ in LedgerLogHandler(ledger: self) }
    }
}

/// Hands swift-otel's batch results to an ``ExportLedger``; every other message is dropped
/// (scenelog says what failed itself, once).
private struct LedgerLogHandler: LogHandler {
    let ledger: ExportLedger
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = event.message.description
        guard text == ExportLedger.exportedMessage || text == ExportLedger.failedMessage else { return }
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        guard let size = all["batch_size"].flatMap({ Int($0.description) }) else { return }
        ledger.record(message: text, batchSize: size, error: event.error.map { String(describing: $0) })
    }
}
