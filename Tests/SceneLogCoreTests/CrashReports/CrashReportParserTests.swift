import Foundation
import Testing

@testable import SceneLogCore

/// `.ips` crash reports (research §6.2): JSON bodies, legacy text bodies, cut files and non-reports.
@Suite struct CrashReportParserTests {
    /// Research §6.2's verbatim 309 metadata line.
    static let metadata309 = #"{"app_name":"ApplicationNameHere","timestamp":"2024-02-15 08:05:05.00 -0600","app_version":"1.6.0","slice_uuid":"6b1f9f4e-3025-364f-9847-914fc1fe14d1","build_version":"800","platform":2,"bundleID":"reverse.domainname.bundleidentifier","share_with_app_devs":1,"is_first_party":0,"bug_type":"309","os_version":"iPhone OS 17.3.1 (21D61)","roots_installed":0,"name":"ApplicationNameHere","incident_id":"1CF0B8A1-EB43-46B3-AA9F-CFA8A9259190"}"#

    /// Research §6.2's verbatim 109 metadata line.
    static let metadata109 = #"{"app_name":"itunescloudd","timestamp":"2021-10-22 00:14:53.00 +0300","app_version":"","slice_uuid":"ca63a72d-e9ee-3ba2-835b-50ddda3fb008","build_version":"","platform":2,"share_with_app_devs":0,"is_first_party":1,"bug_type":"109","os_version":"iPhone OS 14.8 (18H17)","incident_id":"13917FF0-E1B1-4652-84C2-85516D101DFE","name":"itunescloudd"}"#

    /// The catalog's §4.1 `.ips` reason, with its placeholder filled in.
    static let transgression =
        "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<reverse.domainname.bundleidentifier>:5752 exhausted CPU time allowance of 2.74 seconds"

    static let watchdogBody = """
        {
          "captureTime" : "2024-02-15 08:05:04.6192 -0600",
          "pid" : 5752,
          "procName" : "ApplicationNameHere",
          "bundleInfo" : {"CFBundleShortVersionString":"1.6.0","CFBundleVersion":"800","CFBundleIdentifier":"reverse.domainname.bundleidentifier"},
          "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGKILL"},
          "termination" : {"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":["\(transgression)","ProcessVisibility: Background","ProcessState: Running","WatchdogEvent: scene-create"]},
          "faultingThread" : 0,
          "threads" : [{"triggered":true,"frames":[{"imageOffset":6592,"symbol":"__semwait_signal","symbolLocation":8,"imageIndex":0}]}],
          "usedImages" : [{"name":"libsystem_kernel.dylib"}]
        }
        """

    /// Thread 1 faults; its frames include one without a symbol and one whose image is unknown.
    static let sigabrtBody = """
        {
          "captureTime" : "2024-02-15 08:05:04.6192 -0600",
          "pid" : 812,
          "procName" : "Shiftboard",
          "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGABRT"},
          "termination" : {"flags":0,"code":6,"namespace":"SIGNAL","indicator":"Abort trap: 6","byProc":"Shiftboard","byPid":812},
          "faultingThread" : 1,
          "threads" : [
            {"frames":[{"imageOffset":3504,"symbol":"mach_msg2_trap","symbolLocation":8,"imageIndex":0}]},
            {"triggered":true,"frames":[
              {"imageOffset":37264,"symbol":"__pthread_kill","symbolLocation":8,"imageIndex":0},
              {"imageOffset":27580,"symbol":"pthread_kill","symbolLocation":268,"imageIndex":1},
              {"imageOffset":492724,"symbol":"abort","symbolLocation":180,"imageIndex":2},
              {"imageOffset":20520,"imageIndex":3},
              {"imageOffset":0,"imageIndex":9},
              {"imageOffset":81128,"symbol":"start","symbolLocation":2724,"imageIndex":4}
            ]}
          ],
          "usedImages" : [{"name":"libsystem_kernel.dylib"},{"name":"libsystem_pthread.dylib"},{"name":"libsystem_c.dylib"},{"name":"Shiftboard"},{"name":"dyld"}]
        }
        """

    /// Research §6.2's verbatim 109 lines, in the layout of a legacy report.
    static let legacyBody = """
        Incident Identifier: 13917FF0-E1B1-4652-84C2-85516D101DFE
        Hardware Model:      iPhone11,8
        Process:             itunescloudd [692]
        Identifier:          itunescloudd
        Parent Process:      launchd [1]

        Date/Time:           2021-10-22 00:14:53.0749 +0300
        OS Version:          iPhone OS 14.8 (18H17)

        Exception Type:  EXC_CRASH (SIGABRT)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Triggered by Thread:  7

        Thread 0 name:  Dispatch queue: com.apple.main-thread
        Thread 0:
        0   libsystem_kernel.dylib        \t0x00000001c3df54fc 0x1c3df1000 + 17660

        Thread 7 Crashed:
        0   libsystem_kernel.dylib        \t0x00000001d0d8e1b0 __pthread_kill + 8
        1   libsystem_pthread.dylib       \t0x00000001e18a1a9c 0x1e189f000 + 10908
        2   libsystem_c.dylib             \t0x000000019efa5b84 abort + 180
        3   libc++abi.dylib               \t0x00000001aa817bb8 abort_message + 132
        4   libc++abi.dylib               \t0x00000001aa808ec8 0x1aa804000 + 20168
        5   libobjc.A.dylib               \t0x00000001aa71505c 0x1aa70e000 + 28764

        Binary Images:
        0x100be4000 - 0x100d37fff itunescloudd arm64e  <ca63a72de9ee3ba2835b50ddda3fb008> /System/Library/PrivateFrameworks/iTunesCloud.framework/Support/itunescloudd
        """

    private func parse(_ text: String) -> CrashReport? {
        CrashReportParser.parse(Array(text.utf8))
    }

    @Test func watchdogReportWithAJSONBody() throws {
        let report = try #require(parse("\(Self.metadata309)\n\(Self.watchdogBody)"))
        #expect(report.bugType == "309")
        #expect(report.bundleID == "reverse.domainname.bundleidentifier")
        #expect(report.process == "ApplicationNameHere" && report.pid == 5752)
        #expect(report.osVersion == "iPhone OS 17.3.1 (21D61)")
        #expect(report.timestamp == "2024-02-15 08:05:04.6192 -0600")
        #expect(report.exceptionType == "EXC_CRASH" && report.signal == "SIGKILL")
        #expect(report.exceptionCodes == "0x0000000000000000, 0x0000000000000000")
        #expect(report.terminationNamespace == "FRONTBOARD" && report.terminationCode == 2_343_432_205)
        #expect(report.isLaunchWatchdogKill)
        #expect(
            report.terminationExplanation
                == "\(Self.transgression); ProcessVisibility: Background; ProcessState: Running; WatchdogEvent: scene-create")
        #expect(report.crashedThreadFrames == ["0 libsystem_kernel.dylib __semwait_signal + 8"])
        #expect(!report.isTruncated)
    }

    @Test func aBodyTooLargeToDecodeLeavesTheMetadata() throws {
        // Padded past the limit with spaces between two members: valid JSON, too large to decode.
        let padded = Self.watchdogBody.replacingOccurrences(
            of: "\"pid\"", with: String(repeating: " ", count: CrashReportParser.maximumJSONBodyBytes) + "\"pid\"")
        let report = try #require(parse("\(Self.metadata309)\n\(padded)"))
        #expect(report.isBodyTooLarge && !report.isTruncated)
        #expect(report.bundleID == "reverse.domainname.bundleidentifier" && report.pid == nil)
        #expect(parse("\(Self.metadata309)\n\(Self.watchdogBody)")?.isBodyTooLarge == false)
    }

    /// airsdk/Adobe-Runtime-Support#4301: a TestFlight report quoted under a label line, with its
    /// exception's reason in the header.
    static let labelledTestFlightReport = """
        TESTFLİGHT CRASH REPORT:
        Incident Identifier: 2B60D3B3-A30B-4772-8499-E4F78693177F
        Distributor ID:      com.apple.TestFlight
        Hardware Model:      iPad7,5
        Process:             fengamesios [57378]
        Identifier:          com.atolyepapirus.fengamesios

        Exception Type:  EXC_CRASH (SIGABRT)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Reason: +[%s %s]: unrecognized selector sent to class 0x101e52dc8
        Termination Reason: SIGNAL 6 Abort trap: 6
        Terminating Process: fengamesios [57378]
        """

    @Test("a report under a label line is a crash report, and its header's exception reason is read")
    func labelledReport() throws {
        let bytes = Array(Self.labelledTestFlightReport.utf8)
        #expect(bytes.withUnsafeBufferPointer { InputKind.sniff($0) } == .crashReport)
        let report = try #require(parse(Self.labelledTestFlightReport))
        #expect(report.process == "fengamesios" && report.pid == 57378)
        #expect(report.exceptionReason == "+[%s %s]: unrecognized selector sent to class 0x101e52dc8")
        let prose = Array("We see this crash on some devices and cannot reproduce it. Any idea?\nIncident Identifier: 2B60D3B3\n".utf8)
        #expect(prose.withUnsafeBufferPointer { InputKind.sniff($0) } != .crashReport, "a long line of prose first")
        let words = Array("Notes:\nIncident Identifier: see ticket 123\nFernweh[1766:8123456] hello\n".utf8)
        #expect(words.withUnsafeBufferPointer { InputKind.sniff($0) } != .crashReport, "an identifier that is words")
        let masked = Array("Incident Identifier: XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX\nCrashReporter Key:   2650223b\n".utf8)
        #expect(masked.withUnsafeBufferPointer { InputKind.sniff($0) } == .crashReport, "one its reporter masked")
    }

    /// xamarin/xamarin-macios#3811: a question's paragraph, a bold label, then a TestFlight build's
    /// report copied whole, its `.ips` metadata line first.
    @Test("a report after a paragraph of prose and a label is a crash report, read from its header")
    func reportAfterAParagraph() throws {
        let text = """
            I am seeing this issue with Xamarin.iOS.MaterialComponents 72.2.0 from Nuget when installing app from either AppStore or TestFlight on some iOS9 and 10 devices.
            When debugging it works fine.
            When distributing test versions through HockeyApp it works fine.
            AdHoc Distribution builds using the **same build configuration** as for the AppStore works fine!
            However, builds downloaded from AppStore or TestFlight crashes.
            How can this be??

            **Crash log:**

            {"bug_type":"109","os_version":"iPhone OS 10.2.1 (14D27)","build_version":"717","timestamp":"2019-01-09 11:12:26.64 +0100","is_beta":true,"app_name":"DBUFodbold_App_iOS","bundleID":"dk.dbu.Fodbold","incident_id":"0D90F32D-C531-4E28-AF5C-A1E1E7B03069","name":"DBUFodbold_App_iOS","is_first_party":false,"app_version":"3.10.3"}
            Incident Identifier: 0D90F32D-C531-4E28-AF5C-A1E1E7B03069
            Beta Identifier:    A1784ECE-9789-4E51-803E-7303B842CD1C
            Hardware Model:      iPhone5,2
            Process:            DBUFodbold_App_iOS [494]

            """
        #expect(Array(text.utf8).withUnsafeBufferPointer { InputKind.sniff($0) } == .crashReport)
        let report = try #require(parse(text))
        #expect(report.process == "DBUFodbold_App_iOS" && report.pid == 494)
    }

    /// firebase/firebase-ios-sdk#5463: a report cut after its exception type; SIGKILL is the
    /// system's, not a crash the app raised.
    @Test("a report of a SIGKILL that says no more says the app was killed, not that it crashed")
    func sigkillReportIsAKill() throws {
        let text = """
            Incident Identifier: B6887DAC-0A40-41F4-A610-FD0545D5A28F
            CrashReporter Key:   2650223b012475d4cf45a6ff875aead981773466
            Hardware Model:      iPad5,3
            Process:             theloungerz [1935]
            Identifier:          games.spontom.theloungerz
            Role:                Non UI

            Exception Type:  EXC_CRASH (SIGKILL)
            """
        let finding = CrashReportDiagnosis.finding(for: try #require(parse(text)), path: "report.crash")
        #expect(finding.rule == "crash-report")
        #expect(finding.message == "crash report: theloungerz was killed: EXC_CRASH (SIGKILL)")
    }

    /// A device keeps diagnostic reports beside its crash reports; they share the crash report's
    /// header, not its end.
    @Test("a CPU-usage report, a JetsamEvent or a legacy diagnostic report tells no crash")
    func diagnosticReportsTellNoCrash() throws {
        let cpu = #"{"bug_type":"202","timestamp":"2023-01-01 10:00:00.00 +0100","os_version":"iPhone OS 16.2 (20C65)","name":"MyApp","bundleID":"com.example.MyApp"}"#
            + "\nIncident Identifier: 5E2B7C4A-1111-2222-3333-444455556666\nCommand:          MyApp\nEvent:            cpu usage\nAction taken:     none\n"
        #expect(try #require(parse(cpu)).tellsACrash == false)
        let legacy = "Incident Identifier: 5E2B7C4A\nCrashReporter Key:   2650223b\nProcess:             MyApp [1234]\n\nEvent:           cpu usage\nAction taken:    none\n"
        #expect(try #require(parse(legacy)).tellsACrash == false)
        #expect(try #require(parse(legacy)).isDiagnostic && (try #require(parse(cpu)).isDiagnostic))
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(cpu.utf8), name: "cpu_resource.ips")
        #expect(result.findings.isEmpty)
        #expect(result.inputs.first?.note?.hasPrefix("diagnostic report (bug_type 202)") == true)
        #expect(try #require(parse("\(Self.metadata309)\n\(Self.sigabrtBody)")).tellsACrash)
    }

    /// expo/expo#23382: a report pasted up to its header, the rest left out. Nothing in it says how
    /// the process ended, nor that it is no crash.
    @Test("a crash report's header cut before its end is neither a crash nor a diagnostic report")
    func headerWithoutItsEnd() throws {
        let header = """
            Incident Identifier: C70B939D-577A-4BED-9E41-5F018F7116D3
            CrashReporter Key:   C5109AFD-B579-5DF8-A1DB-7B5B1145A1B3
            Hardware Model:      MacBookPro18,1
            Process:             expotestcrash [86215]
            Identifier:          com.mikescott.expotestcrash
            Role:                Foreground
            Parent Process:      launchd_sim [29654]
            """
        let report = try #require(parse(header))
        #expect(!report.tellsACrash && !report.isDiagnostic)
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(header.utf8), name: "expotestcrash.crash")
        #expect(result.findings.isEmpty)
        #expect(result.inputs.first?.note == "a crash report's header, cut before it says how the process ended: no finding")
    }

    @Test("a reason of a megabyte, a process name of combining marks: each field cut to its bound")
    func longFieldsAreCut() throws {
        let body = Self.watchdogBody
            .replacingOccurrences(of: "ProcessState: Running", with: String(repeating: "y", count: 800_000))
            .replacingOccurrences(of: "\"procName\" : \"ApplicationNameHere\"", with: "\"procName\" : \"a" + String(repeating: "\u{301}", count: 50_000) + "\"")
        let report = try #require(parse("\(Self.metadata309)\n\(body)"))
        #expect(report.terminationExplanation?.unicodeScalars.count == CrashReport.maximumExplanationLength)
        #expect(report.terminationExplanation?.hasPrefix(Self.transgression) == true)
        #expect(report.process?.unicodeScalars.count == CrashReport.maximumFieldLength)
        #expect(report.isLaunchWatchdogKill)
    }

    @Test func anOverlongMetadataLineIsNoCrashReport() {
        let long = Self.metadata309.replacingOccurrences(
            of: "\"bug_type\"", with: "\"pad\":\"" + String(repeating: "x", count: CrashReportParser.maximumMetadataBytes) + "\",\"bug_type\"")
        #expect(parse("\(long)\n\(Self.watchdogBody)") == nil)
    }

    @Test func sigabrtReportTakesTheFaultingThreadsTopFrames() throws {
        let report = try #require(parse("\(Self.metadata309)\n\(Self.sigabrtBody)"))
        #expect(report.process == "Shiftboard" && report.pid == 812)
        #expect(report.bundleID == "reverse.domainname.bundleidentifier", "from the metadata when the body has no bundleInfo")
        #expect(report.exceptionType == "EXC_CRASH" && report.signal == "SIGABRT")
        #expect(report.terminationNamespace == "SIGNAL" && report.terminationCode == 6 && !report.isLaunchWatchdogKill)
        #expect(report.terminationExplanation == "Abort trap: 6")
        #expect(
            report.crashedThreadFrames == [
                "0 libsystem_kernel.dylib __pthread_kill + 8", "1 libsystem_pthread.dylib pthread_kill + 268",
                "2 libsystem_c.dylib abort + 180", "3 Shiftboard 20520", "4 ??? 0",
            ])
    }

    /// woocommerce/woocommerce-ios#3711: a legacy fragment pasted from its `Date/Time:` line, of an
    /// app ended 0.34 s after launch by an exception nothing caught.
    static let uncaughtExceptionFragment = """
        Date/Time:           2021-02-15 20:38:31.6074 +0100
        Launch Time:         2021-02-15 20:38:31.2653 +0100
        OS Version:          iPhone OS 14.4 (18D52)

        Exception Type:  EXC_CRASH (SIGABRT)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY
        Triggered by Thread:  0

        Last Exception Backtrace:
        0   CoreFoundation                \t0x187fa986c __exceptionPreprocess + 220 (NSException.m:199)
        1   libobjc.A.dylib               \t0x19cfc4c50 objc_exception_throw + 60 (objc-exception.mm:565)
        2   CoreFoundation                \t0x187eaf000 +[NSException raise:format:arguments:] + 100 (NSException.m:146)
        """

    @Test("a Last Exception Backtrace, legacy or JSON, tells an uncaught exception, and its top frames are kept")
    func uncaughtExceptionBacktrace() throws {
        let legacy = try #require(parse(Self.uncaughtExceptionFragment))
        #expect(legacy.hasExceptionBacktrace && legacy.signal == "SIGABRT")
        #expect(
            legacy.exceptionBacktraceFrames == [
                "0 CoreFoundation __exceptionPreprocess + 220 (NSException.m:199)",
                "1 libobjc.A.dylib objc_exception_throw + 60 (objc-exception.mm:565)",
                "2 CoreFoundation +[NSException raise:format:arguments:] + 100 (NSException.m:146)",
            ])
        #expect(legacy.crashedThreadFrames.isEmpty, "the backtrace's frames are not the crashed thread's")
        let finding = CrashReportDiagnosis.finding(for: legacy, path: "fragment.crash")
        #expect(finding.rule == "crash-report" && finding.data["uncaughtException"] == "true")
        #expect(finding.message == "crash report: the app crashed: EXC_CRASH (SIGABRT), on an uncaught exception")

        let body = Self.sigabrtBody.replacingOccurrences(
            of: #""usedImages" :"#,
            with: #""lastExceptionBacktrace" : [{"imageOffset":1,"symbol":"__exceptionPreprocess","symbolLocation":164,"imageIndex":5}], "usedImages" :"#
        ).replacingOccurrences(of: #"{"name":"dyld"}]"#, with: #"{"name":"dyld"},{"name":"CoreFoundation"}]"#)
        let json = try #require(parse("\(Self.metadata309)\n\(body)"))
        #expect(json.hasExceptionBacktrace && json.exceptionBacktraceFrames == ["0 CoreFoundation __exceptionPreprocess + 164"])
        let plain = try #require(parse("\(Self.metadata309)\n\(Self.sigabrtBody)"))
        #expect(!plain.hasExceptionBacktrace && CrashReportDiagnosis.finding(for: plain, path: "a.ips").data["uncaughtException"] == nil)
    }

    @Test func triggeredThreadStandsInForAMissingFaultingThread() throws {
        let body = Self.sigabrtBody.replacingOccurrences(of: #""faultingThread" : 1,"#, with: #""faultingThread" : 9,"#)
        let report = try #require(parse("\(Self.metadata309)\n\(body)"))
        #expect(report.crashedThreadFrames.first == "0 libsystem_kernel.dylib __pthread_kill + 8")
    }

    @Test func legacyTextReportAfterItsMetadataLine() throws {
        let report = try #require(parse("\(Self.metadata109)\n\(Self.legacyBody)"))
        #expect(report.bugType == "109")
        #expect(report.process == "itunescloudd" && report.pid == 692 && report.bundleID == "itunescloudd")
        #expect(report.osVersion == "iPhone OS 14.8 (18H17)")
        #expect(report.timestamp == "2021-10-22 00:14:53.0749 +0300")
        #expect(report.exceptionType == "EXC_CRASH" && report.signal == "SIGABRT")
        #expect(report.exceptionCodes == "0x0000000000000000, 0x0000000000000000")
        #expect(report.terminationNamespace == nil && report.terminationCode == nil)
        #expect(
            report.crashedThreadFrames == [
                "0 libsystem_kernel.dylib __pthread_kill + 8", "1 libsystem_pthread.dylib 0x1e189f000 + 10908",
                "2 libsystem_c.dylib abort + 180", "3 libc++abi.dylib abort_message + 132",
                "4 libc++abi.dylib 0x1aa804000 + 20168",
            ])
        #expect(!report.isTruncated)
    }

    /// Catalog §4.1, iOS 12–13: the code in hex and a `Termination Description:` line; no metadata, CRLF.
    @Test func legacyWatchdogWithoutMetadataLine() throws {
        let text = """
            Incident Identifier: 13917FF0-E1B1-4652-84C2-85516D101DFE
            Exception Type:  EXC_CRASH (SIGKILL)
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            Termination Description: SPRINGBOARD, scene-create watchdog transgression: com.app.id exhausted real (wall clock) time allowance of 19.94 seconds
            Triggered by Thread:  0
            """
        let report = try #require(parse(text.replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(report.bugType == nil)
        #expect(report.terminationNamespace == "SPRINGBOARD" && report.isLaunchWatchdogKill)
        #expect(
            report.terminationExplanation
                == "SPRINGBOARD, scene-create watchdog transgression: com.app.id exhausted real (wall clock) time allowance of 19.94 seconds"
        )
    }

    /// flutter/flutter#163197 (a report's excerpt, simulator): dyld's lines set apart from the
    /// termination by blank lines, as pasted.
    @Test func legacyDyldStopIsTheLibraryNotLoaded() throws {
        let text = """
            Exception Type:  EXC_CRASH (SIGABRT)
            Exception Codes: 0x0000000000000000, 0x0000000000000000

            Termination Reason: DYLD 1 Library missing

            Library not loaded: @rpath/Flutter.framework/Flutter

            Referenced from: <587C2172-2F0E-32F9-849C-6F027722EDE5> /Users/USER/Library/Developer/CoreSimulator/Devices/AAF96186-1D78-41E2-BEA2-6B94BF7DDFC3/data/Containers/Bundle/Application/E13CEF8F-CF30-4158-9A96-E7C3845FED09/Runner.app/Runner.debug.dylib

            (terminated at launch; ignore backtrace)
            """
        let report = try #require(parse(text))
        #expect(report.terminationNamespace == "DYLD")
        let finding = CrashReportDiagnosis.finding(for: report, path: "dyld.crash")
        #expect(finding.rule == "library-not-loaded" && finding.data["library"] == "@rpath/Flutter.framework/Flutter")
        #expect(finding.message.hasPrefix("crash report: the app stopped at launch: dyld could not load @rpath/Flutter.framework/Flutter: "))
    }

    /// granoff/Lockbox#63 and SpaceMadness/lunar-unity-console#187 (an app killed while quitting, in
    /// the background; the second in iOS 14's wording) and michaelnisi/podest#17 (a background task's
    /// assertion ran out, in a "Non UI" process 18 hours after launch): watchdog codes of no launch,
    /// so crashes like others.
    @Test(arguments: [
        """
        Exception Type:  EXC_CRASH (SIGKILL)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY
        Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
        Termination Description: SPRINGBOARD, process-exit watchdog transgression: application<cn.baoxiaosheng.mobile>:18532 exhausted real (wall clock) time allowance of 5.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: process-exit | WatchdogVisibility: Background | WatchdogCPUStatistics: ( | "Elapsed total CPU time (seconds): 3.810 (user 3.810, system 0.000), 38% CPU", | "Elapsed application CPU time (seconds): 0.042, 0% CPU" | )
        Triggered by Thread:  0
        """,
        """
        Exception Type:  EXC_CRASH (SIGKILL)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY
        Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
        Termination Description: SPRINGBOARD, <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:[application<com.sensetime.xzarnavi>:512] failed to terminate gracefully after 10.0s | ProcessVisibility: Unknown | ProcessState: Running | WatchdogEvent: process-exit | WatchdogVisibility: Background | WatchdogCPUStatistics: ( | "Elapsed total CPU time (seconds): 6.640 (user 6.640, system 0.000), 10% CPU", | "Elapsed application CPU time (seconds): 0.000, 0% CPU" | ) reportType:CrashLog maxTerminationResistance:Interactive>
        Triggered by Thread:  0
        """,
        """
        Role:                Non UI
        Date/Time:           2019-06-27 13:04:50.1463 +0200
        Launch Time:         2019-06-26 19:01:24.4913 +0200
        OS Version:          iPhone OS 12.3.1 (16F203)
        Exception Type:  EXC_CRASH (SIGKILL)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY
        Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d
        Triggered by Thread:  0
        """,
    ])
    func watchdogCodeOfNoLaunch(text: String) throws {
        let report = try #require(parse(text))
        #expect(report.terminationCode == 0x8BAD_F00D && !report.isLaunchWatchdogKill)
        let finding = CrashReportDiagnosis.finding(for: report, path: "crash.txt")
        let expectedRule = report.terminationNamespace == "ASSERTIOND" ? "background-task-expired" : "crash-report"
        #expect(finding.rule == expectedRule && finding.message.contains("0x8badf00d"))
    }

    /// A background task held past its allowance, in a report from before iOS 13 quoted from its
    /// exception (transistorsoft/cordova-background-geolocation-lt#108): the code is in the
    /// exception codes, the app in the Application Specific Information.
    @Test func backgroundTaskKillBeforeIOS13() throws {
        let text = """
            Exception Type:  00000020
            Exception Codes: 0x000000008badf00d
            Exception Note:  SIMULATED (this is NOT a crash)
            Highlighted by Thread:  1

            Application Specific Information:
            <BKNewProcess: 0x11bd3c9c0; com.larky.chcu; pid: 3445; hostpid: -1> has active assertions beyond permitted time:
            {(
                <BKProcessAssertion: 0x11bd1e7a0> id: 3445-DF434172-F6B1-4643-806C-E561C04FF841 name: Called by UIKit, from <redacted> process: <BKNewProcess: 0x11bd3c9c0; com.larky.chcu; pid: 3445; hostpid: -1> permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:3445 preventSuspend  preventIdleSleep  preventSuspendOnSleep
            )}
            """
        let report = try #require(parse(text))
        #expect(report.isBackgroundTaskKill && !report.isLaunchWatchdogKill)
        let finding = CrashReportDiagnosis.finding(for: report, path: "bg.crash")
        #expect(finding.rule == "background-task-expired" && finding.pid == 3445 && finding.data["app"] == "com.larky.chcu")
        #expect(
            finding.message
                == "crash report: com.larky.chcu was killed for keeping a background task past its allowance (0x000000008badf00d)")
    }

    /// A scene update the watchdog ended while the app was in the background, in a report pasted
    /// below a bug report's sentence (xbmc/xbmc-remote issue 684's lines, Kodi Remote): the finding
    /// is on the line that tells the end, not on the prose, and says the app was in the background.
    @Test func backgroundSceneUpdateKillBelowProse() throws {
        let text = """
            I see several crashes when iOS kills the App because it was moved to background.

            ```
            Exception Type:  EXC_CRASH (SIGKILL)
            Exception Codes: 0x0000000000000000, 0x0000000000000000
            Exception Note:  EXC_CORPSE_NOTIFY
            Termination Reason: FRONTBOARD 2343432205
            <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<it.joethefox.XBMC-Remote>:33891 exhausted real (wall clock) time allowance of 10.00 seconds
            ProcessVisibility: Background
            ProcessState: Running
            WatchdogEvent: scene-update
            WatchdogVisibility: Background
            ```
            """
        let report = try #require(parse(text))
        #expect(report.tellingLine == 4 && report.isLaunchWatchdogKill)
        let folder = try TemporaryFolder()
        let path = try folder.write(text, to: "kodi.crash")
        let finding = try #require(Scanner(options: try testScanOptions()).scan([path]).findings.first)
        // Where `Exception Type:` starts: after the sentence, a blank line and the fence.
        #expect(finding.location.line == 4 && finding.location.byteOffset == 86)
        #expect(finding.data["phase"] == "update its scene in the background")
        #expect(
            finding.message
                == "crash report: it.joethefox.XBMC-Remote was killed by the watchdog (FRONTBOARD 0x8badf00d) while trying to update its scene in the background: scene-update watchdog transgression, allowance of 10.00 seconds"
        )
    }

    /// A report with no line telling its end is located at its first header line; one with a JSON
    /// metadata line, at that line.
    @Test(arguments: [
        ("Some words first.\nIncident Identifier: 2B9C7E1F-0A3D-4E5F-8A6B-7C8D9E0F1A2B\nThread 0 Crashed:\n0   libsystem_kernel.dylib        0x00000001e8d3c1d0 __pthread_kill + 8\n", 2),
        ("\n\n{\"app_name\":\"Runner\",\"bug_type\":\"309\",\"name\":\"Runner\"}\n{\n", 3),
    ])
    func tellingLineWithoutTermination(text: String, line: Int) throws {
        #expect(try #require(parse(text)).tellingLine == line)
    }

    /// The iOS 27 SDK's UIScene trap as a crash report shows it (message-catalog.md: frame 0 of the
    /// crashed thread; assistant-ui/assistant-ui#7854): the trap's finding, not a crash like others.
    @Test func sceneLifecycleTrapCrash() throws {
        let text = """
            Exception Type:  EXC_BREAKPOINT (SIGTRAP)
            Exception Codes: 0x0000000000000001, 0x000000018a2b3c4d
            Termination Reason: SIGNAL 5 Trace/BPT trap: 5

            Triggered by Thread:  0

            Thread 0 Crashed:
            0   UIKitCore                     0x000000018a2b3c4d ___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke + 112
            1   libdispatch.dylib             0x0000000181c8e2a4 _dispatch_client_callout + 20
            3   UIKitCore                     0x000000018a1f0a10 -[UIApplication workspace:didCreateScene:withTransitionContext:completion:] + 600
            """
        let report = try #require(parse(text))
        let finding = CrashReportDiagnosis.finding(for: report, path: "trap.crash")
        #expect(finding.rule == "scene-lifecycle-required" && finding.data["variant"] == "ios27")
        #expect(finding.message.contains("must adopt the UIScene life cycle"))
    }

    /// Catalog §4.1: Console's translation of a JSON report, the reasons on the lines after the code.
    @Test func translatedTerminationReasonKeepsItsFollowingLines() throws {
        let text = """
            Exception Type:  EXC_CRASH (SIGKILL)
            Termination Reason: FRONTBOARD 2343432205
            \(Self.transgression)
            ProcessVisibility: Foreground

            Triggered by Thread:  0
            """
        let report = try #require(parse(text))
        #expect(report.terminationNamespace == "FRONTBOARD" && report.terminationCode == 0x8BAD_F00D)
        #expect(report.terminationExplanation == "\(Self.transgression); ProcessVisibility: Foreground")
    }

    @Test func textAfterALegacyCodeIsTheExplanation() throws {
        let report = try #require(parse("Termination Reason:    Namespace SIGNAL, Code 6 Abort trap: 6\n"))
        #expect(report.terminationNamespace == "SIGNAL" && report.terminationCode == 6)
        #expect(report.terminationExplanation == "Abort trap: 6")
    }

    /// iOS 17 on, a comma follows the code too (sensorsdata/sa-sdk-ios#155): it is still the code.
    @Test func aCommaAfterTheCodeIsNotPartOfIt() throws {
        let report = try #require(parse("Termination Reason:  Namespace FRONTBOARD, Code 2343432205, \n"))
        #expect(report.terminationNamespace == "FRONTBOARD" && report.terminationCode == 0x8BAD_F00D)
    }

    /// dyld's stop in reports before iOS 14, with no `Termination Reason:` line: the namespace
    /// starts the description, its parts are set apart by ` | ` (flutter/flutter#39962), or dyld
    /// words it `dependent dylib '…' not found` (flutter/flutter#57225).
    @Test(arguments: [
        (
            "Termination Description: DYLD, Library not loaded: @rpath/App.framework/App | Referenced from: /var/containers/Bundle/Application/45803D80-57F8-4BD3-B2AC-FDC75A97CF9B/Runner.app/Runner | Reason: image not found",
            "@rpath/App.framework/App"
        ),
        (
            "Termination Description: DYLD, dependent dylib '@rpath/Flutter.framework/Flutter' not found for '/private/var/containers/Bundle/Application/C582E1E9-F19B-4E9C-9C03-2F0CBA1132F7/Flutter Gallery.app/Flutter Gallery'. vm_copy() failure\nHighlighted by Thread:  0",
            "@rpath/Flutter.framework/Flutter"
        ),
    ])
    func dyldStopBeforeIOS14(description: String, library: String) throws {
        let text = "Exception Type:  EXC_CRASH (SIGABRT)\nException Codes: 0x0000000000000000, 0x0000000000000000\nException Note:  EXC_CORPSE_NOTIFY\n"
            + description + "\n"
        let report = try #require(parse(text))
        #expect(report.terminationNamespace == "DYLD" && report.terminationExplanation?.contains("Highlighted") == false)
        let finding = CrashReportDiagnosis.finding(for: report, path: "dyld.crash")
        #expect(finding.rule == "library-not-loaded" && finding.data["library"] == library)
    }

    @Test("a body that is whole but no JSON that decodes is said to be so, not cut")
    func undecodableBody() throws {
        let report = try #require(parse("\(Self.metadata309)\n{\"pid\" : NaN, \"procName\" : \"x\"}"))
        #expect(report.isBodyUndecodable && !report.isTruncated)
        let finding = CrashReportDiagnosis.finding(for: report, path: "x.ips", severityOverrides: [:])
        #expect(finding.data["body"] == "not read: not JSON that can be decoded" && finding.data["truncated"] == nil)
    }

    /// expo/expo#47665: a report pasted up to its process's path, cut mid-member.
    @Test("a body cut mid-JSON keeps the metadata and the members before the cut")
    func bodyCutMidJSONKeepsTheMetadataAndTheWholeMembers() throws {
        let cut = String(Self.watchdogBody.prefix(120))
        let report = try #require(parse("\(Self.metadata309)\n\(cut)"))
        #expect(report.isTruncated)
        #expect(report.bugType == "309" && report.bundleID == "reverse.domainname.bundleidentifier")
        #expect(report.process == "ApplicationNameHere" && report.pid == 5752)
        #expect(report.timestamp == "2024-02-15 08:05:04.6192 -0600", "the body's capture time")
        #expect(report.exceptionType == nil && report.crashedThreadFrames.isEmpty)
        let throughException = String(Self.watchdogBody.prefix(through: Self.watchdogBody.firstRange(of: "\"signal\":\"SIGKILL\"},")!.upperBound))
        #expect(try #require(parse("\(Self.metadata309)\n\(throughException)")).signal == "SIGKILL")
        #expect(try #require(parse("\(Self.metadata309)\n{\n  \"pid\" : 57")).pid == nil, "no member whole")
        let finding = CrashReportDiagnosis.finding(for: report, path: "cut.ips")
        #expect(finding.message == "crash report: ApplicationNameHere ended: the report is cut before it says how")
    }

    @Test func metadataLineAloneIsATruncatedReport() throws {
        let report = try #require(parse(Self.metadata309 + "\n"))
        #expect(report.isTruncated && report.osVersion == "iPhone OS 17.3.1 (21D61)")
    }

    @Test(arguments: [
        "", " \n\r\n", "not a crash report\n", "{\"app_name\":\"App\"}\n{}",
        "Jun 20 13:42:52 iPhone locationd[59] <Notice>: Exception Type:  EXC_CRASH (SIGABRT)\n",
        String(CrashReportParserTests.metadata309.prefix(60)),
    ])
    func nonReportsAreNil(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func binaryGarbageIsNil() {
        #expect(CrashReportParser.parse([0xFF, 0xFE, 0x00, 0x7B, 0x22, 0x80, 0x0A, 0xC3]) == nil)
        #expect(CrashReportParser.parse((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }) == nil)
    }

    @Test func wrongTypesAndBadIndexesAreTolerated() throws {
        let body = #"""
            {"pid":"812","procName":7,"exception":[],"termination":{"code":-1,"reasons":"x"},"faultingThread":-3,
             "threads":[{"triggered":true,"frames":[{"imageIndex":-1},"frame",{"imageIndex":"0","symbol":"main"}]}],"usedImages":{}}
            """#
        let report = try #require(parse("\(Self.metadata309)\n\(body)"))
        #expect(report.pid == 812 && report.process == "7" && report.exceptionType == nil)
        #expect(report.terminationCode == nil && report.terminationExplanation == nil)
        #expect(report.crashedThreadFrames == ["0 ??? ???", "1 ??? ???", "2 ??? main"])
    }

    /// Every prefix of a sample parses without crashing; one cut inside the body is truncated.
    /// kpwn/yalu102#69 (iOS 10.3 beta): the app's name is empty in the metadata and the header;
    /// mixpanel/mixpanel-swift#335: a description cut after its namespace.
    @Test("a process named with nothing is no name, and a description of its namespace alone explains nothing")
    func emptyNamesAndDescriptions() throws {
        let unnamed = """
            {"app_name":"","timestamp":"2017-01-25 22:59:47.34 -0800","app_version":"1.0","bundleID":"ml.coffeebreakers.zday","bug_type":"109","os_version":"iPhone OS 10.3 (14E5230e)","name":""}
            Incident Identifier: FC76951E-C141-4FBF-937A-2E3F9C206561
            Process:              [758]
            Identifier:          ml.coffeebreakers.zday
            Exception Type:  EXC_CRASH (SIGKILL)
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            """
        let report = try #require(parse(unnamed))
        #expect(report.process == nil && report.pid == 758 && report.bundleID == "ml.coffeebreakers.zday")
        let finding = CrashReportDiagnosis.finding(for: report, path: "zday.crash", severityOverrides: [:])
        #expect(finding.message == "crash report: ml.coffeebreakers.zday was killed by the watchdog (SPRINGBOARD 0x8badf00d)")
        let cut = """
            Exception Type:  EXC_CRASH (SIGKILL)
            Exception Codes: 0x0000000000000000, 0x0000000000000000
            Exception Note:  EXC_CORPSE_NOTIFY
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            Termination Description: SPRINGBOARD, 
            """
        let fragment = try #require(parse(cut))
        #expect(fragment.terminationNamespace == "SPRINGBOARD" && fragment.terminationExplanation == nil)
    }

    @Test("a report quoted in a bug report (`> ` before each line, `> > ` nested) reads as the report")
    func quotedReport() throws {
        func quoted(_ text: String, with marker: String) -> [UInt8] {
            Array(text.split(separator: "\n", omittingEmptySubsequences: false).map { marker + $0 }.joined(separator: "\n").utf8)
        }
        for name in ["crash-report-watchdog-scene-create.ips", "crash-report-sigabrt.ips"] {
            let text = try sample(name)
            for marker in ["> ", ">", "> > "] {
                let bytes = quoted(text, with: marker)
                #expect(bytes.withUnsafeBufferPointer { InputKind.sniff($0) } == .crashReport, "\(name), \(marker)")
                let report = try #require(CrashReportParser.parse(bytes))
                let original = try #require(CrashReportParser.parse(Array(text.utf8)))
                #expect(report.bundleID == original.bundleID && report.pid == original.pid && report.signal == original.signal)
                #expect(report.terminationExplanation == original.terminationExplanation && !report.isTruncated)
                #expect(report.crashedThreadFrames == original.crashedThreadFrames)
            }
        }
        let legacy = quoted(Self.labelledTestFlightReport, with: "> ")
        #expect(legacy.withUnsafeBufferPointer { InputKind.sniff($0) } == .crashReport)
        #expect(CrashReportParser.parse(legacy)?.exceptionReason == "+[%s %s]: unrecognized selector sent to class 0x101e52dc8")
        let quotedLog = Array("> 2019-08-18 18:23:46.747470+0300 familymarkets[4288:706603] Process: started\n".utf8)
        #expect(quotedLog.withUnsafeBufferPointer { InputKind.sniff($0) } == .text, "a quoted log stays a log")
    }

    @Test(arguments: ["crash-report-watchdog-scene-create.ips", "crash-report-sigabrt.ips"])
    func everyPrefixOfASampleIsSafe(name: String) throws {
        let bytes = Array(try sample(name).utf8)
        let metadataEnd = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        for length in stride(from: metadataEnd + 1, to: bytes.count - 2, by: 7) {
            #expect(CrashReportParser.parse(Array(bytes[..<length]))?.isTruncated == true, "\(length)")
        }
        for length in 0..<metadataEnd {
            _ = CrashReportParser.parse(Array(bytes[..<length]))
        }
    }

    @Test func watchdogSample() throws {
        let report = try #require(CrashReportParser.parse(Array(try sample("crash-report-watchdog-scene-create.ips").utf8)))
        #expect(report.bugType == "309" && report.bundleID == "io.waypoint.tripplanner")
        #expect(report.process == "TripPlanner" && report.pid == 796)
        #expect(report.terminationNamespace == "FRONTBOARD" && report.terminationCode == 2_343_432_205 && report.isLaunchWatchdogKill)
        let explanation = try #require(report.terminationExplanation)
        #expect(explanation.contains("scene-create watchdog transgression: app<io.waypoint.tripplanner("))
        #expect(explanation.contains("; WatchdogEvent: scene-create;"))
        #expect(report.crashedThreadFrames.count == 5)
        #expect(report.crashedThreadFrames.first == "0 libsystem_kernel.dylib __semwait_signal + 8")
        #expect(!report.isTruncated)
    }

    @Test func sigabrtSample() throws {
        let report = try #require(CrashReportParser.parse(Array(try sample("crash-report-sigabrt.ips").utf8)))
        #expect(report.bundleID == "io.kestrel.shiftboard" && report.process == "Shiftboard" && report.pid == 812)
        #expect(report.exceptionType == "EXC_CRASH" && report.signal == "SIGABRT")
        #expect(report.terminationNamespace == "SIGNAL" && report.terminationExplanation == "Abort trap: 6")
        #expect(
            report.crashedThreadFrames == [
                "0 libsystem_kernel.dylib __pthread_kill + 8", "1 libsystem_pthread.dylib pthread_kill + 268",
                "2 libsystem_c.dylib abort + 180", "3 libc++abi.dylib abort_message + 132",
                "4 libc++abi.dylib demangling_terminate_handler() + 348",
            ])
    }

    @Test("text after a JSON report's body, braces included, is not part of it")
    func textAfterTheBody() throws {
        let report = try #require(parse("\(Self.metadata309)\n\(Self.watchdogBody)\n```\n}}} and then { it hung"))
        #expect(!report.isTruncated && report.exceptionType == "EXC_CRASH" && report.terminationCode == 2_343_432_205)
    }

    @Test("a legacy report's lines are read up to a bound: a huge field or explanation stays short")
    func legacyReportIsBounded() throws {
        let huge = String(repeating: "x", count: 100_000)
        let lines = Self.legacyBody.replacingOccurrences(of: "itunescloudd [692]", with: huge + " [692]")
            + "\nTermination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n"
            + Array(repeating: huge, count: 100).joined(separator: "\n")
        let report = try #require(parse(lines))
        #expect((report.process?.count ?? 0) <= CrashReportParser.maximumLegacyLineLength)
        #expect((report.terminationExplanation?.count ?? 0) <= 17 * CrashReportParser.maximumLegacyLineLength)
        #expect(report.exceptionType == "EXC_CRASH")
    }
}
