/// A line that moves a launch along, read from a record's message.
enum LaunchSignal: Equatable {
    /// `Bootstrapping app<bundle> with intent foreground-interactive` (SpringBoard), or just before
    /// it FrontBoard's `Creating process (sync=true) with identity: app<bundle(uuid)>`, which names
    /// no intent: one request (the former tells it when the capture holds both).
    case requested(bundle: String, intent: String?)
    /// `Creating and launching job for: app<bundle(uuid)>` (runningboardd; before iOS 15
    /// `application<bundle>`), the job of a launch just requested: the request itself when the
    /// capture lacks SpringBoard's lines (a Console.app export filtered to runningboardd).
    case jobLaunching(bundle: String)
    /// `Now tracking process: [app<bundle(uuid)>:pid]` (runningboardd).
    case spawned(bundle: String, pid: Int)
    /// iOS ≤ 13, assertiond: `Now tracking process <BKProcess: 0x…; [process; ]bundle; pid: 867; …>`.
    case spawnedByAssertiond(bundle: String?, process: String?, pid: Int)
    /// iOS ≤ 13, assertiond: `[name:pid] Setting jetsam priority to …`, the process name of a pid.
    case assertiondProcess(process: String, pid: Int)
    /// `[app<bundle>:pid] Bootstrap success!` (SpringBoard); iOS ≤ 12: `[bundle] Bootstrap complete
    /// with label: UIKitApplication:bundle[0x…][n]`, which names no pid.
    case bootstrapped(bundle: String, pid: Int?)
    /// `[…sceneID:bundle-default] Sending scene action [Logical Activate][…] … (watchdog: 19.96s)`.
    case sceneCreate(bundle: String, watchdogBudget: Double?)
    /// `…/App.app/App[pid] ==> container` (kernel): the executable's name for a pid.
    case container(process: String, pid: Int)
    /// `Identity resolved as app<bundle(uuid)>`, logged by the app itself.
    case identity(bundle: String)
    /// `Window did become application key` / `Window became key in scene` (the app).
    case windowKey
    /// `Deactivation reason added|removed: n; deactivation reasons: a -> b` (the app).
    case deactivationMask(reason: Int, from: Int, to: Int)
    /// `[app<bundle(uuid)>:pid] Dropping launch assertion.` (SpringBoard's FrontBoard, once the
    /// process is running): the pid of a launch requested with none yet.
    case launchAssertionDropped(bundle: String, pid: Int)
    /// `[app<bundle(uuid)>:pid] termination reported by launchd (namespace, code, status)` (runningboardd).
    case launchdTermination(bundle: String?, pid: Int, termination: Termination)
    /// The end of the app's launchd job, named by its label `UIKitApplication:bundle[0x…]`: the
    /// simulator's launchd_sim, `(UIKitApplication:bundle[0x…][pid]): Service exited due to Abort
    /// trap: 6` or `… with abnormal code: 1` (in the Mac's syslog); older SpringBoard (iOS 9),
    /// `Application 'UIKitApplication:bundle[0x…]' exited voluntarily.` (no pid). `job` is the tag.
    case jobExited(bundle: String, job: String, pid: Int?, termination: Termination)
    /// `Process exited: …` with the exit context (SpringBoard); no bundle when the line names the
    /// process as `app:810` only. Also FrontBoard's `[application<bundle>:pid] Workspace afterlife
    /// assertion failed: … "Specified target process does not exist"`, which says no more than that.
    case processExited(bundle: String?, pid: Int, termination: Termination)
    /// The kernel's `memorystatus: killing_specific_process pid 2776 [Pythonista3] (per-process-limit
    /// 10) - …`: jetsam killed the process for its memory, for the reason in parentheses.
    case memoryKill(process: String, pid: Int, reason: String?)
    /// `Formulating report for corpse[pid] name` or `Formulating fatal report for corpse[pid] name`
    /// (ReportCrash).
    case corpseReport(pid: Int)
    /// `[bundle] Bootstrap failed with error: <NSError: …; code: 1 (bootstrap-failed); reason:
    /// "Failed to start job">` (SpringBoard, iOS ≤ 13): the process never started. Its other
    /// wording, `Bootstrapping failed for <FBApplicationProcess: 0x…; bundle; pid: -1>`, names the
    /// attempt's process object.
    case bootstrapFailed(bundle: String, reason: String?, processObject: String?)
    /// `SBWorkspaceTerminateApplication: <bundle>: "killed from app switcher"` (SpringBoard).
    case userTerminated(bundle: String)
    /// `Received request to open "<bundle>" from <requester>:<pid>.` (SpringBoard).
    case openRequest(bundle: String, requester: String)
    /// `[application<bundle>:pid] Ignoring <FBProcessWatchdog: …; name: process-launch> for reason:
    /// process is being debugged` (SpringBoard): the watchdog's overrun that follows is no kill.
    case watchdogIgnoredWhileDebugged(pid: Int)
    /// A framework's own launch marker printed by the app (React Native, Flutter), with what it
    /// says when that matters (the JavaScript error of React Native's `Unhandled JS Exception: …`).
    case frameworkMarker(name: String, detail: String? = nil)
    /// One of the app's own life-cycle callback traces (``LifecycleCallbackRecognizer``).
    case callback(LifecycleCallbackRecognizer.Callback)
    /// The app aborting after an uncaught exception (`libc++abi: terminating due to uncaught
    /// exception of type NSException`, before iOS 12 `… terminating with uncaught exception of type
    /// NSException`, `abort() called`).
    case aborted
    /// The app's own runtime saying it ends the app, and how: NativeScript's for an uncaught
    /// JavaScript error (`***** Fatal JavaScript exception - application has been terminated.
    /// *****`), Mono's (.NET for iOS, Xamarin) for a crash in native code (`Got a SIGSEGV while
    /// executing native code.`).
    case runtimeEnded(Termination)
}
