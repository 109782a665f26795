import ArgumentParser
import SceneLogCore

extension LogFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
