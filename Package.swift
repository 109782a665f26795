// swift-tools-version:6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// libarchive's headers. On Linux the library is not linked (CArchiveLoader loads it when the
// first archive is opened), so pkg-config, which would link it, is not asked: the headers are found
// in the compiler's default folders, where Debian, Ubuntu, Fedora, Arch and Alpine put them (a
// libarchive installed under a prefix of its own is not found, at build or at run time). Elsewhere
// pkg-config finds and links it (Homebrew's libarchive is keg-only). The test is of the machine
// that builds: building for Linux from macOS through a Swift SDK is not supported.
#if os(Linux)
let archiveHeaders: Target = .systemLibrary(
    name: "CArchive", providers: [.apt(["libarchive-dev"]), .yum(["libarchive-devel"])])
#else
let archiveHeaders: Target = .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.brew(["libarchive"])])
#endif

#if canImport(Glibc)
import Glibc

/// Whether the C library of the machine that builds reads packed relative relocations (DT_RELR,
/// glibc 2.36 and later); a program that has them does not start with an older one.
let glibcReadsPackedRelocations: Bool = {
    var text = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0,
        let number = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").last
    else { return false }
    let version = number.split(separator: ".").compactMap { Int($0) }
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let glibcReadsPackedRelocations = false
#endif

// The executables are linked with lld on Linux (it comes with Swift's Linux toolchains), with
// their 97,000 relative relocations packed (DT_RELR) where glibc reads them: start-up is most of
// the time of a scan of a small capture, and the dynamic loader's relocations were a quarter of
// it. A scan of a 16 KB sample, start-up included: 11.5 ms linked by gold, 10.0 ms by lld with
// packed relocations.
let executableLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld"] + (glibcReadsPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
        .when(platforms: [.linux]))
]

let package = Package(
    name: "SceneLog",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SceneLogCore", targets: ["SceneLogCore"]),
        .library(name: "SceneLogTelemetry", targets: ["SceneLogTelemetry"]),
        .executable(name: "scenelog", targets: ["scenelog"]),
        .executable(name: "scenelog-otlp", targets: ["scenelog-otlp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // OTLP export of launches (SceneLogTelemetry and scenelog-otlp only).
        .package(url: "https://github.com/swift-otel/swift-otel", .upToNextMinor(from: "1.6.0")),
        .package(
            url: "https://github.com/swift-otel/swift-otel-semantic-conventions", .upToNextMinor(from: "1.44.0"),
            traits: ["Tracing", "Experimental"]),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.12.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        archiveHeaders,
        // libarchive's functions, and zlib's, through a small C layer: on Linux it loads them the
        // first time an archive is opened rather than at every start (see its header).
        .target(
            name: "CArchiveLoader",
            dependencies: ["CArchive"],
            // dlopen and pthread_once: in glibc itself from 2.34, in these two libraries before.
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])), .linkedLibrary("pthread", .when(platforms: [.linux])),
                // zlib, which checks a lone gzip file's trailer: loaded with libarchive on Linux.
                .linkedLibrary("z", .when(platforms: [.macOS])),
            ]
        ),
        .target(
            name: "SceneLogCore",
            dependencies: [
                "CPCRE2", "CArchiveLoader", .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                // SHA-256 for the split of inputs into shards.
                .product(name: "Crypto", package: "swift-crypto"),
                // A queue of the launches that ended lately, dropped from the front.
                .product(name: "DequeModule", package: "swift-collections"),
                // Subprocess takes file descriptors as swift-system types (the System framework on macOS).
                .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strictSettings
        ),
        // The commands, apart from the executables' `main`.
        .target(
            name: "SceneLogCommandLine",
            dependencies: [
                "SceneLogCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "scenelog", dependencies: ["SceneLogCommandLine"], swiftSettings: strictSettings, linkerSettings: executableLinking),
        // OTLP export of launches, apart from SceneLogCore: swift-otel brings swift-nio,
        // async-http-client, grpc-swift and swift-protobuf, which a library user may not want.
        .target(
            name: "SceneLogTelemetry",
            dependencies: [
                "SceneLogCore",
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "OTelSemanticConventions", package: "swift-otel-semantic-conventions"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                // SHA-256 for the trace ids derived from launches.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // The same commands with OTLP export: `scenelog` hands a run that asks for export to it, so
        // that its own start-up does not pay for swift-otel's protocol conformances.
        .executableTarget(
            name: "scenelog-otlp",
            dependencies: ["SceneLogCommandLine", "SceneLogTelemetry", "SceneLogCore"],
            swiftSettings: strictSettings,
            linkerSettings: executableLinking
        ),
        // What both test targets share: the check for tools the tests run but the package does not build.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "SceneLogCoreTests",
            // GRDB: the history tests damage a history file the way only SQL can.
            dependencies: ["SceneLogCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SceneLogTelemetryTests",
            dependencies: ["SceneLogTelemetry", "SceneLogCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "scenelogEndToEndTests",
            // Yams: the nightly workflow's steps are read from its YAML and run.
            // scenelog-otlp: `scenelog --otlp-endpoint` hands the run to it.
            dependencies: ["scenelog", "scenelog-otlp", "TestSupport", .product(name: "Yams", package: "Yams")],
            // The OTLP receiver the export tests run (Python, with the official protobuf definitions).
            exclude: ["OTLPReceiver"],
            swiftSettings: strictSettings
        ),
    ]
)
