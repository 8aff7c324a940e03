// swift-tools-version: 6.1
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ProjectManager",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pm", targets: ["pm"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(name: "PMDomain", swiftSettings: upcomingFeatures),
        .target(
            name: "PMStore",
            dependencies: [
                "PMDomain", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(name: "TerminalKit", swiftSettings: upcomingFeatures),
        .target(
            name: "PMBoard", dependencies: ["PMDomain", "PMStore", "TerminalKit"], swiftSettings: upcomingFeatures),
        .executableTarget(
            name: "pm",
            dependencies: [
                "PMDomain", "PMStore", "TerminalKit", "PMBoard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: upcomingFeatures,
            // Start-up is most of what one command costs: a position-dependent executable spares
            // the loader some 80,000 relocations (build with --static-swift-stdlib as well).
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release)
                )
            ]
        ),
        .target(name: "PMTestSupport", dependencies: ["PMDomain", "PMStore"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMDomainTests", dependencies: ["PMDomain", "PMTestSupport"], swiftSettings: upcomingFeatures),
        .testTarget(name: "PMStoreTests", dependencies: ["PMStore", "PMTestSupport"], swiftSettings: upcomingFeatures),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMBoardTests", dependencies: ["PMBoard", "PMTestSupport", "pm"], swiftSettings: upcomingFeatures),
        .testTarget(name: "pmTests", dependencies: ["pm", "PMTestSupport"], swiftSettings: upcomingFeatures),
    ]
)
