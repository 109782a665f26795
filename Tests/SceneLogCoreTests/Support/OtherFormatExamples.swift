@testable import SceneLogCore

/// Lines of the idevicesyslog and `log show` formats, from the research notes (log-formats.md), that the
/// Console export and Xcode console detections must leave to their own format.
let otherFormatExamples: [(String, LogFormat)] = [
    ("Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Setting process task state to: Not Running", .idevicesyslog),
    ("2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established for interface: utun3, local fd41:8efc:c0f8::2 -> fd41:8efc:c0f8::1", .logDefault),
    ("2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (ScreenSaverExample) hello_screensaver void custom(int, const char **)", .logSyslog),
    ("2022-11-14 13:21:15.341 Df My App[59972:780a15] (libffi.dylib) Hello World!", .logCompact),
    ("2026-06-25 17:39:18.719 Df log[70241:0] [com.apple.log:] log run noninteractively, parent: 37552 (launchd_sim)", .logCompact),
]
