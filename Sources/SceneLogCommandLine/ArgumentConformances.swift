import ArgumentParser
import SceneLogCore

extension LogFormat: SpelledByRawValue {}
extension ReportFormat: SpelledByRawValue {}
extension Severity: SpelledByRawValue {}
extension FailThreshold: SpelledByRawValue {}
extension WatchFormat: SpelledByRawValue {}

extension ReportOutput: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

extension InputShard: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

extension ByteCount: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { description }
}

/// An option's value spelled as its raw value. argument-parser asks each option's type for its
/// spellings at every start-up, to build the command's help whether it is shown or not; its own
/// answers go through `String(describing:)` and the runtime's reflection for every case, a tenth
/// of a scan's start-up. These are the same spellings, read from the raw values.
protocol SpelledByRawValue: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension SpelledByRawValue {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    /// No value has a description of its own.
    public static var allValueDescriptions: [String: String] { [:] }
}
