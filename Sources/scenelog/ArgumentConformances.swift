import ArgumentParser
import SceneLogCore

extension LogFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
extension WatchFormat: ExpressibleByArgument {}
