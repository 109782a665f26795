import Testing

@testable import SceneLogCore

/// Watchdog explanations of legacy crash reports quoted without their header: dotnet/macios#20766,
/// firebase/firebase-ios-sdk#15282 (the app's name redacted), home-assistant/iOS#205.
@Suite struct WatchdogExplanationTests {
    @Test func appPidEventAndAllowance() throws {
        let quoted = try #require(
            WatchdogExplanation(
                "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<FransiMobile(7C1FF739-4529-4175-B15F-0CA0B9C03FEF)>:459 exhausted real (wall clock) time allowance of 19.71 seconds"
            ))
        #expect(quoted.event == "scene-create" && quoted.bundle == "FransiMobile" && quoted.pid == 459 && quoted.budget == "19.71")
        let redacted = try #require(
            WatchdogExplanation(
                "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<***>:525 exhausted real (wall clock) time allowance of 5.96 seconds"
            ))
        #expect(redacted.event == "scene-create" && redacted.bundle == nil && redacted.pid == 525 && redacted.budget == "5.96")
        let bare = try #require(
            WatchdogExplanation(
                "SPRINGBOARD, scene-create watchdog transgression: io.robbie.HomeAssistant exhausted real (wall clock) time allowance of 29.73 seconds | ProcessVisibility: Background"
            ))
        #expect(bare.event == "scene-create" && bare.bundle == "io.robbie.HomeAssistant" && bare.pid == nil && bare.budget == "29.73")
        #expect(WatchdogExplanation("Abort trap: 6") == nil)
    }

    @Test func aReportWithoutItsHeaderNamesTheAppFromIt() throws {
        let text = """
            Exception Type:  EXC_CRASH (SIGKILL)
            Exception Codes: 0x0000000000000000, 0x0000000000000000
            Termination Reason: FRONTBOARD 2343432205 
            <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<FransiMobile(7C1FF739-4529-4175-B15F-0CA0B9C03FEF)>:459 exhausted real (wall clock) time allowance of 19.71 seconds
            ProcessVisibility: Foreground

            Triggered by Thread:  0
            """
        let report = try #require(CrashReportParser.parse(Array(text.utf8)))
        let finding = CrashReportDiagnosis.finding(for: report, path: "crash.txt")
        #expect(finding.rule == "launch-watchdog-termination" && finding.pid == 459)
        #expect(finding.message.hasPrefix("crash report: FransiMobile was killed by the watchdog"))
        #expect(finding.data["bundle"] == "FransiMobile" && finding.data["watchdogBudget"] == "19.71")
        #expect(finding.data["watchdogEvent"] == "scene-create")
    }
}
