import Foundation
import SceneLogCore

/// What one fuzz run exercises, chosen with `SCENELOG_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    /// Line splitting, cleaning and format detection: the bytes as an input of unknown format.
    case detector
    /// One run per format: the bytes read as that format (`parser-idevicesyslog`, …).
    case parsers
    /// A user rules file.
    case rules
    /// A `.scenelog.yml`.
    case config
    /// A crash report.
    case ips
    /// An archive or compressed file.
    case archive
    /// A baseline report (`report --baseline`).
    case baseline
    /// A history file (`scenelog history`), opened read-only.
    case history
    /// A part of a distributed run (`scenelog merge`).
    case part

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["SCENELOG_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set SCENELOG_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    /// A scratch file for the readers that take a path (in memory when /dev/shm exists).
    static let scratchPath: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(folder)/scenelog-fuzz-\(getpid())"
    }()

    /// The scan the whole-input targets run: every built-in rule, small expansion limits, one thread.
    static let scanOptions: ScanOptions = {
        var options = ScanOptions(ruleSet: try! RuleSet(rules: RuleCatalog.builtIn))
        options.expansionLimits = ExpansionLimits(maximumMemberBytes: 8 << 20, maximumRatio: 1_000, ratioFloorBytes: 1 << 20)
        options.jobs = 1
        return options
    }()

    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .detector:
            LineAccounting.scan(bytes, format: nil)
        case .parsers:
            // The first byte picks the format, the rest is the input.
            guard let first = bytes.first else { return }
            let format = LogFormat.allCases[Int(first) % LogFormat.allCases.count]
            LineAccounting.scan(UnsafeBufferPointer(rebasing: bytes.dropFirst()), format: format)
        case .rules:
            write(bytes)
            _ = try? RuleSet.load(userRules: Self.scratchPath, configuration: nil)
        case .config:
            write(bytes)
            _ = try? RuleSet.load(userRules: nil, configuration: Self.scratchPath)
        case .ips:
            // Sniffed as a crash report when it looks like one, else scanned as a log.
            _ = Scanner(options: Self.scanOptions).scan(bytes: Array(bytes), name: "fuzz.ips")
        case .archive:
            write(bytes)
            _ = Scanner(options: Self.scanOptions).scan([Self.scratchPath])
        case .baseline:
            write(bytes)
            _ = try? BaselineReport.load(path: Self.scratchPath)
        case .history:
            write(bytes)
            _ = try? HistoryStore(readingFrom: Self.scratchPath).runs()
        case .part:
            write(bytes)
            _ = try? PartMerge(ruleSet: Self.scanOptions.ruleSet).merge([Self.scratchPath])
        }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        _ = FileManager.default.createFile(atPath: Self.scratchPath, contents: Data(buffer: bytes))
    }
}
