import Foundation

/// One kind of generated corpus: a sample log of `Samples/` in one format, and what each whole copy
/// of it holds.
public struct CorpusPreset: Sendable {
    /// The format's name, as `scenelog scan --input-format` takes it.
    public let format: String
    /// The sample's file name in `Samples/`.
    public let sample: String
    /// Words that only the app's own records contain (its bundle id, process name, pid): the
    /// records without them are the system noise that fills the corpus.
    public let appWords: [String]
    /// Lines at the top of the sample that are written once, at the top of the corpus (column
    /// headings, a connection banner).
    public let headerLines: Int
    /// Findings in one whole copy of the sample (each copy also holds one launch).
    public let findingsPerSample: Int

    /// A corpus of each major format.
    public static let all: [CorpusPreset] = [
        CorpusPreset(
            format: "idevicesyslog", sample: "idevicesyslog-1.2-device-name-uikit-not-adopted.log",
            appWords: ["bepxanh", "BepXanh", "1873"], headerLines: 1, findingsPerSample: 1),
        CorpusPreset(
            format: "log-compact", sample: "log-compact-capacitor-ios26.log",
            appWords: ["tidesapp", "40455"], headerLines: 1, findingsPerSample: 2),
        CorpusPreset(
            format: "log-default", sample: "log-default-stream-simulator.log",
            appWords: ["nightjar", "Nightjar", "62380"], headerLines: 3, findingsPerSample: 1),
        CorpusPreset(
            format: "log-syslog", sample: "log-syslog-style-scene-delegate-class.log",
            appWords: ["MyApp", "48213"], headerLines: 1, findingsPerSample: 4),
        CorpusPreset(
            format: "log-ndjson", sample: "log-ndjson-ios27-trap.ndjson",
            appWords: ["quaylab", "Ferry", "2876"], headerLines: 0, findingsPerSample: 1),
        CorpusPreset(
            format: "pymobiledevice3", sample: "pymobiledevice3-live-label-unity.log",
            appWords: ["runestorm", "RuneStorm", "2915"], headerLines: 0, findingsPerSample: 1),
        CorpusPreset(
            format: "console-export", sample: "console-export-react-native-not-adopted.txt",
            appWords: ["FieldCrew", "2431"], headerLines: 0, findingsPerSample: 1),
    ]

    /// The preset for `format`, if there is one.
    public static func named(_ format: String) -> CorpusPreset? {
        all.first { $0.format == format }
    }

    /// The repository's `Samples/` folder, found from this source file's place.
    public static var samplesFolder: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples").path
    }
}
