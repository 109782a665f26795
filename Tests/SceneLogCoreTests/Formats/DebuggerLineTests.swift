import Testing

@testable import SceneLogCore

/// Debugger and `flutter run` lines in Xcode and flutter consoles. Lines marked "verbatim" are quoted
/// from public sources: flutter/flutter `packages/flutter_tools/lib/src/ios/lldb.dart` (lldb patterns),
/// flutter/flutter#68844 and #120808 (lldb output forwarded by `flutter run`), #36447, #26945 and
/// #16173 (`flutter run` progress lines), flutter_tools `migrations/uiscene_migration.dart` (the
/// UIScene warning), flutter/flutter#126588 (the shared cache warning); the others are built in the
/// same shape.
@Suite struct DebuggerLineTests {
    private func parse(_ line: String) -> DebuggerLine? {
        Array(line.utf8).withUnsafeBufferPointer { DebuggerLine.parse($0) }
    }

    @Test func processStates() {
        #expect(parse("Process 1198 stopped") == .processStopped(pid: 1198))
        #expect(parse("(lldb) Process 6171 stopped") == .processStopped(pid: 6171))  // verbatim
        #expect(parse("(lldb) Process 6152 resuming") == .processResuming(pid: 6152))  // verbatim
        #expect(parse("Process 1198 resuming  ") == .processResuming(pid: 1198))
        #expect(parse("Process 1198 exited with status = 0 (0x00000000)") == .processExited(pid: 1198, status: 0))
        #expect(parse("Process 525 exited with status = -1 (0xffffffff) lost connection") == .processExited(pid: 525, status: -1))  // verbatim
        #expect(parse("Process 77 exited with status = 9") == .processExited(pid: 77, status: 9))
        #expect(parse("Process 1198 launched: '/private/var/containers/Bundle/Application/X/Runner.app/Runner' (arm64)") == .other)
        #expect(parse("Process 1198 detached") == .other)
        #expect(parse("Process 1198 stopped and restarted: thread 1 received signal: SIGCHLD") == .other)
    }

    @Test func stopReasons() {
        #expect(parse("* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)")
            == .stopReason("EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)"))
        #expect(parse("  thread #1, stop reason = signal SIGABRT") == .stopReason("signal SIGABRT"))
        // verbatim (flutter/flutter#68844)
        #expect(parse("* thread #1, queue = 'com.apple.main-thread', stop reason = Assertion failed: Crashing for no reason")
            == .stopReason("Assertion failed: Crashing for no reason"))
        #expect(parse("* thread #1: tid = 0x1a2b, 0x0000000181, queue = 'com.apple.main-thread', stop reason = signal SIGKILL")
            == .stopReason("signal SIGKILL"))
        #expect(parse("  thread #2, queue = 'com.apple.root.default-qos'") == .other)
        #expect(parse("* thread #1") == .other)
    }

    /// Xcode's banner where the debugger stopped, copied from the editor (ampxagency/ios-unity5#55,
    /// verbatim with the paste's Markdown bold).
    @Test func xcodeThreadBanners() {
        #expect(parse("Thread 1: EXC_BAD_ACCESS (code=1, address=0x109)**") == .stopReason("EXC_BAD_ACCESS (code=1, address=0x109)"))
        #expect(parse("Thread 1: signal SIGABRT") == .stopReason("signal SIGABRT"))
        #expect(parse("Thread 3: EXC_BREAKPOINT") == .stopReason("EXC_BREAKPOINT"))
        // A Swift runtime error's banner is its own line's (the rules read it); prose is not a banner.
        #expect(parse("Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value") == nil)
        #expect(parse("Thread 1: signal") == nil)
        #expect(parse("Thread safety: EXC_BAD_ACCESS here") == nil)
        #expect(parse("I get Thread 1: EXC_BAD_ACCESS (code=1, address=0x0)") == nil)
        // Indented: a line of an app's own message (a logged dictionary), not Xcode's banner.
        #expect(parse("    Thread 1: EXC_BAD_ACCESS (code=1, address=0x0)") == nil)
        // A reason is kept up to its bound, not cut inside a character.
        let long = "Thread 1: EXC_BAD_ACCESS (" + String(repeating: "é", count: 300) + ")"
        guard case .stopReason(let reason) = parse(long) else { return #expect(Bool(false), "a banner") }
        #expect(reason.utf8.count <= DebuggerLine.stopReasonKept && !reason.contains("\u{FFFD}"))
    }

    @Test func crashStops() {
        for reason in ["EXC_BAD_ACCESS (code=1, address=0x109)", "EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)", "signal SIGABRT", "EXC_CRASH (SIGABRT)"] {
            #expect(DebuggerLine.stopIsACrash(reason), "\(reason)")
        }
        for reason in ["breakpoint 1.1", "signal SIGSTOP", "step over", "EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=2098 MB)", "Assertion failed: x"] {
            #expect(!DebuggerLine.stopIsACrash(reason), "\(reason)")
        }
    }

    @Test func terminations() {
        #expect(parse("Message from debugger: killed") == .killed)
        #expect(parse("Message from debugger: Terminated due to signal 9") == .terminatedBySignal(9))  // verbatim
        #expect(parse("Message from debugger: Terminated due to signal 15") == .terminatedBySignal(15))
        #expect(parse("Terminated due to signal 9") == .terminatedBySignal(9))
        // iam4x/pokemongo-webspoof#178: jetsam, as the debugger tells it.
        #expect(parse("Message from debugger: Terminated due to memory issue") == .terminatedForMemory)
        #expect(parse("Message from debugger: Terminated due to memory issue, again") == .other)
        // LoopKit/Loop#1785: Xcode's error dialog, copied.
        #expect(parse("Failure Reason: Message from debugger: Terminated due to memory issue") == .terminatedForMemory)
        #expect(parse("The app \u{201C}Loop\u{201D} on L4z iPhone quit unexpectedly.") == .appQuitUnexpectedly("Loop"))
        #expect(parse("The app \u{201C}Loop\u{201D} on L4z iPhone") == nil)
        #expect(parse("Message from debugger: The LLDB RPC server has crashed. The crash log is located in ~/Library/Logs/DiagnosticReports") == .other)
    }

    @Test func otherLLDBChatter() {
        for line in [
            "(lldb) ",
            "(lldb)",
            "(lldb)     platform select remote-ios --sysroot '/Users/x/Library/Developer/Xcode/iOS DeviceSupport/16.4.1 (20E252) arm64e/Symbols'",
            "(lldb) warning: libobjc.A.dylib is being read from process memory.",  // verbatim
            "warning: libobjc.A.dylib is being read from process memory. This indicates that LLDB could not find the on-disk shared cache for this device. This will likely reduce debugging performance.",
            "    frame #0: 0x00000001a2868ec0 libswiftCore.dylib`_swift_runtime_on_report",  // verbatim
            "    frame #1: 0x0000000104f1c2a4 Runner`AppDelegate.application(_:didFinishLaunchingWithOptions:) at AppDelegate.swift:12:5",
            "  * frame #0: 0x00000001b6f0a9b8 libsystem_kernel.dylib`__pthread_kill + 8",
            "frame #3: 0x0000000104f1c2a4 Runner`main",
            "libswiftCore.dylib`_swift_runtime_on_report:",  // verbatim
            "->  0x1a2868ec0 <+0>: ret",  // verbatim
            "Target 0: (Runner) stopped.",
            "1 location added to breakpoint 1",  // verbatim (lldb.dart)
            "Breakpoint 1: no locations (pending).",  // verbatim (lldb.dart)
            "Stop hook #1 added.",  // verbatim (lldb.dart)
            "- Hook 1 (thread backtrace all)",  // verbatim (lldb.dart)
            "[   +3 ms] [lldb]: Process 6152 stopped",
        ] {
            #expect(parse(line) != nil, "\(line)")
        }
        #expect(parse("[   +3 ms] [lldb]: Process 6152 stopped") == .processStopped(pid: 6152))
        #expect(parse("(lldb) Message from debugger: killed") == .killed)
    }

    @Test func flutterToolChatter() {
        for line in [
            "Launching lib/main.dart on iPhone in debug mode...",  // verbatim
            "Launching lib/main_dev.dart on iPhone 16 Pro in profile mode...",
            "Automatically signing iOS for device deployment using specified development team in Xcode project: C53C5K9PTM",  // verbatim
            "Running Xcode build...                                                  ",  // verbatim
            " ├─Assembling Flutter resources...                           2.5s",  // verbatim
            " └─Compiling, linking and signing...                         3.7s",  // verbatim
            "Xcode build done.                                            8.3s",  // verbatim
            "Installing and launching...                                        13.0s",  // verbatim
            "Syncing files to device iPhone X...",  // verbatim
            "Flutter run key commands.",
            "r Hot reload. 🔥🔥🔥",
            "R Hot restart.",
            "h List all available interactive commands.",
            "d Detach (terminate \"flutter run\" but leave application running).",
            "c Clear the screen",
            "q Quit (terminate the application on the device).",
            "A Dart VM Service on iPhone 15 Pro is available at: http://127.0.0.1:50135/xxxx=/",
            "The Flutter DevTools debugger and profiler on iPhone 15 Pro is available at: http://127.0.0.1:9101?uri=http://127.0.0.1:50135/xxxx=/",
            "An Observatory debugger and profiler on Luke's iPhone is available at: http://127.0.0.1:1296/",  // verbatim
            "Performing hot reload...",
            "Reloaded 1 of 734 libraries in 300ms.",
            "Performing hot restart...",
            "Restarted application in 1,234ms.",
            "Lost connection to device.",  // verbatim
            "Application finished.",
            "[        ] Syncing files to device Luke's iPhone... (completed)",  // verbatim (flutter run -v)
            "[+1008 ms] Running Xcode build...",
        ] {
            #expect(parse(line) == .other, "\(line)")
        }
    }

    /// Printed by `flutter run` and `flutter build` (flutter_tools' UISceneMigration), not by the
    /// device; UIKit's own warning ("`UIScene` lifecycle will soon be required. …") is the app's message.
    @Test func flutterUISceneWarningIsTheTools() {
        // verbatim
        #expect(parse("To ensure your app continues to launch on upcoming iOS versions, UIScene lifecycle support will soon be required. Please see https://flutter.dev/to/uiscene-migration for the migration guide.") == .other)
        #expect(parse("See https://flutter.dev/to/uiscene-migration/#hide-migration-warning for instructions to hide this warning.") == .other)
        #expect(parse("`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.") == nil)
    }

    /// The shell's command line a paste keeps above `flutter run`'s output (verbatim: issue and
    /// README transcripts of `flutter run` on GitHub): the tool's, not the app's first line.
    @Test func shellCommandLines() {
        for line in [
            "cpe@thvsdis-MacBook-Pro relationship_app % flutter run",  // verbatim
            "kristykelly@Kristys-MBP artbeat % flutter run",  // verbatim
            "% flutter run",  // verbatim
            "$ flutter run -d 00008030-001A2C3E0E88802E",
            "\u{276F} npx react-native log-ios",
            "\u{279C}  ios git:(main) $ idevicesyslog",
            "root@mac:~# xcrun simctl launch --console booted com.example.app",
        ] {
            #expect(parse(line) == .other, "\(line)")
        }
        for line in [
            "flutter: $ flutter run",
            "[Firebase] % flutter run",
            "Total: 5 $ paid",
            "Discount 20 % off",
            "a b c d e f % flutter",
            "$flutter run",
        ] {
            #expect(parse(line) == nil, "\(line)")
        }
    }

    @Test func appMessagesAreNotDebuggerLines() {
        for line in [
            "The Process 12 stopped while syncing",
            "Process 12 stopped by the user",
            "Process 12 stopped.",
            "Process stopped",
            "Process 12 resuming playback in 3s",
            "Process 12 exited with status = 0 because it finished",
            "sync stopped: network unavailable",
            "Upload process finished",
            "flutter: Process 12 stopped",
            "flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/",
            "thread #1 is busy",
            "frame #1 rendered",
            "Terminated due to signal 9 and restarted",
            "Terminated due to memory pressure",
            "Launching rockets",
            "Reloaded settings",
            "Target reached.",
            "warning: low disk space",
            "Warning: Unable to load the profile picture",
            "[Firebase/Core][I-COR000003] The default Firebase app has not yet been configured.",
            "[1] first item",
            "key`value: no spaces`",
            "",
            "   ",
        ] {
            #expect(parse(line) == nil, "\(line)")
        }
    }
}
