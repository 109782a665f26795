import Testing

@testable import SceneLogCore

/// The rules of each launch's findings that a crash report can fold into: one byte per launch.
@Suite struct LaunchRuleMarksTests {
    @Test("a launch's rules are noted, and only those a crash report can be of")
    func notesCrashReportRules() {
        var marks = LaunchRuleMarks()
        marks.note("launch-watchdog-termination", launch: "L3")
        marks.note("crash-report", launch: "L3")
        marks.note("scene-lifecycle-not-adopted", launch: "L4")
        #expect(marks.contains("launch-watchdog-termination", launch: "L3") && marks.contains("crash-report", launch: "L3"))
        #expect(!marks.contains("library-not-loaded", launch: "L3") && !marks.contains("launch-watchdog-termination", launch: "L2"))
        #expect(!marks.contains("scene-lifecycle-not-adopted", launch: "L4"))
        #expect(marks.entries.map(\.launch) == ["L3"] && marks.entries.first?.rules == ["crash-report", "launch-watchdog-termination"])
        #expect(CrashReportDiagnosis.rules.count <= 8, "each rule is a bit of one byte")
    }

    @Test("the marks of a later input move on with its launches' numbers")
    func addsWithAnOffset() {
        var first = LaunchRuleMarks()
        first.note("library-not-loaded", launch: "L1")
        var second = LaunchRuleMarks()
        second.note("library-not-loaded", launch: "L1")
        second.note("symbol-not-found", launch: "L2")
        first.add(second, offset: 5)
        #expect(first.entries.map(\.launch) == ["L1", "L6", "L7"])
        #expect(first.contains("symbol-not-found", launch: "L7") && !first.contains("symbol-not-found", launch: "L2"))
    }
}
