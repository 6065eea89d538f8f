// swift-tools-version: 6.2
// The target list is the architecture: a module can import only what its target lists,
// so an import that crosses a layer does not compile. See Docs/Architecture.md.
import PackageDescription

/// An async function runs on its caller's actor unless it says otherwise (SE-0461), so a
/// service's work happens where the code says: on the caller's actor, or on BackgroundWork's queue.
let callerIsolatedAsync: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "mvvm-tui",
    products: [
        .executable(name: "mvvm-tui", targets: ["mvvm-tui"]),
        // The properties the fuzz package (Fuzz/) checks, for it to depend on by path.
        .library(name: "FuzzProperties", targets: ["FuzzProperties"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Starts and reaps child processes: curl for each request, and the tests' tmux, python3 and
        // the child of the killed-import test.
        // Without its Foundation trait: the program hands it descriptors and strings only.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
        // Its descriptor and path types (FileDescriptor, FilePath), which swift-subprocess takes.
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // Deflate (zlib), for the vCards kept beside each person.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // MARK: - Model, binding and view-model layers (no terminal, no network, no database)
        .target(name: "Binding"),
        .target(name: "Models", swiftSettings: callerIsolatedAsync),
        .target(name: "Screens", dependencies: ["Binding", "Models"], swiftSettings: callerIsolatedAsync),

        // MARK: - Live services
        .target(
            name: "Services",
            dependencies: [
                "Binding", "Models", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Resources/movies.sqlite"), .copy("Resources/gazetteer.sqlite")],
            swiftSettings: callerIsolatedAsync
        ),

        // MARK: - The view: drawing, which knows no terminal, and the terminal, the only code that talks to it
        // The surface, layout, keys, the shell, the screen views and the printouts: drawn into any
        // Surface, an in-memory grid in tests. It cannot import ncurses or the terminal C code.
        .target(
            name: "Renderer", dependencies: ["Screens", "Binding"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // MARK: - The platform (Sources/Platform): everything the program does process-wide
        // ncurses; the C that must be C (the crash restore, the signal handler, the global-executor
        // hook); the terminal, input decoding, the signals and the one event loop, in Swift.
        .systemLibrary(
            name: "CNcurses",
            path: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "CTerminal", path: "Sources/Platform/CTerminal"),
        // Bytes to keys, pure: no ncurses, so a test or a fuzzer links it alone.
        .target(name: "InputDecoding", dependencies: ["Renderer"], path: "Sources/Platform/InputDecoding"),
        .target(
            name: "Terminal", dependencies: ["CNcurses", "CTerminal", "InputDecoding", "Renderer", "Screens", "Binding"],
            path: "Sources/Platform/Terminal"),

        .target(name: "CJobs", path: "Sources/Platform/CJobs"),

        // MARK: - The program: composes services, view-models and the renderer
        .executableTarget(
            name: "mvvm-tui",
            dependencies: [
                "Binding", "Models", "Screens", "Services", "Renderer", "Terminal", "CJobs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Benchmarks (make bench)
        .executableTarget(
            name: "mvvm-tui-bench",
            dependencies: ["Binding", "Models", "Screens", "Services", "Renderer", "Terminal"],
            path: "Benchmarks"
        ),

        // MARK: - Tests
        .target(
            name: "TestSupport",
            dependencies: [
                "Binding", "Models", "Screens", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: callerIsolatedAsync
        ),
        // What every reader of outside bytes must keep for any input: what the fuzz package
        // (Fuzz/) checks, and what FuzzPropertiesTests replays the committed corpora through.
        .target(
            name: "FuzzProperties", dependencies: ["Models", "Services", "InputDecoding", "Renderer"],
            path: "Tests/FuzzProperties"),
        .testTarget(name: "FuzzPropertiesTests", dependencies: ["FuzzProperties", "TestSupport"]),
        .testTarget(name: "BindingTests", dependencies: ["Binding", "TestSupport"]),
        .testTarget(name: "ModelsTests", dependencies: ["Models", "TestSupport"]),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", "Binding", "Models", "TestSupport"]),
        .testTarget(
            name: "ServicesTests",
            dependencies: [
                "Services", "Models", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer", "InputDecoding", "Terminal", "Screens", "Binding", "TestSupport"],
            exclude: ["__Snapshots__"]
        ),
        // Bytes to keys, tested without ncurses.
        .testTarget(name: "InputDecodingTests", dependencies: ["InputDecoding", "Renderer", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
        // The subcommands run as a shell runs them, their output compared with the same view-models
        // run here on the same embedded data.
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "Screens", "Services", "Renderer", "Binding", "Models", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: callerIsolatedAsync
        ),
    ]
)
