// swift-tools-version: 6.2
// The fuzz targets, in a package of their own: built with `--sanitize fuzzer`, every executable
// gets libFuzzer's `main`, which the main package's program and tests must not. `make fuzz` builds
// and runs them (Docs/HostileInput.md); the properties they check are the main package's
// FuzzProperties, which its FuzzPropertiesTests replays the committed corpora through.
import PackageDescription

let package = Package(
    name: "mvvm-tui-fuzz",
    dependencies: [.package(name: "mvvm-tui", path: "..")],
    targets: [
        .executableTarget(
            name: "fuzz-readers",
            dependencies: [.product(name: "FuzzProperties", package: "mvvm-tui")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
