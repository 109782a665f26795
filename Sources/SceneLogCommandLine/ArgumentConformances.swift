import ArgumentParser
import SceneLogCore

extension LogFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
extension FailThreshold: ExpressibleByArgument {}
extension WatchFormat: ExpressibleByArgument {}

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
