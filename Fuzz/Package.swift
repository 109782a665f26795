// swift-tools-version:6.1
// libFuzzer targets for scenelog's readers; `Fuzz/run` builds and runs them (see Fuzz/README.md).
import PackageDescription

let package = Package(
    name: "SceneLogFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "SceneLog", path: "..")],
    targets: [
        .executableTarget(
            name: "scenelog-fuzz",
            dependencies: [.product(name: "SceneLogCore", package: "SceneLog")],
            // libFuzzer drives the program: there is no Swift entry point.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
