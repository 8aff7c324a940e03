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
        .executable(name: "pm", targets: ["pm"]),
        .executable(name: "pm-server", targets: ["pm-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // 4.x for jwt-kit (the VAPID token of Web Push); nothing of ours needs more than 3.12.3.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        .target(name: "PMDomain", swiftSettings: upcomingFeatures),
        // What the device's store and the SQLite server share: the owner-only file and its
        // opening lock, and rows read by named columns at positional speed.
        .target(
            name: "PMSQLite", dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: upcomingFeatures),
        .target(
            name: "PMStore",
            dependencies: [
                "PMDomain", "PMSyncProtocol", "PMSQLite", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for the import's row writes (GRDB's own module is internal).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(name: "TerminalKit", swiftSettings: upcomingFeatures),
        .target(
            name: "PMBoard", dependencies: ["PMDomain", "PMStore", "PMSync", "TerminalKit"],
            swiftSettings: upcomingFeatures),
        .executableTarget(
            name: "pm",
            dependencies: [
                "PMDomain", "PMStore", "TerminalKit", "PMBoard", "PMSync", "PMSyncClient", "PMSyncProtocol",
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
        .target(
            name: "PMTestSupport",
            dependencies: [
                "PMDomain", "PMStore", "PMServer", "PMSync", "PMSyncProtocol",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMDomainTests", dependencies: ["PMDomain", "PMTestSupport"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMStoreTests",
            dependencies: ["PMDomain", "PMStore", "PMTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: upcomingFeatures),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"], swiftSettings: upcomingFeatures),
        // A test target lists what it imports, and the executables whose binaries its tests run.
        .testTarget(
            name: "PMBoardTests",
            dependencies: [
                "PMBoard", "PMDomain", "PMServer", "PMStore", "PMSync", "PMSyncProtocol", "PMTestSupport",
                "TerminalKit",
                "pm", "pm-server",
            ],
            swiftSettings: upcomingFeatures),
        .testTarget(
            name: "pmTests",
            dependencies: [
                "PMDomain", "PMStore", "PMSync", "PMSyncClient", "PMTestSupport", "pm", "pm-server",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: upcomingFeatures),
        .target(name: "PMSyncProtocol", dependencies: ["PMDomain"], swiftSettings: upcomingFeatures),
        .target(name: "PMCalendar", dependencies: ["PMDomain"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMCalendarTests", dependencies: ["PMCalendar", "PMDomain"], swiftSettings: upcomingFeatures),
        .testTarget(
            name: "PMSyncProtocolTests", dependencies: ["PMSyncProtocol", "PMDomain", "PMTestSupport"],
            swiftSettings: upcomingFeatures),
        .target(
            name: "PMServer",
            dependencies: [
                "PMDomain", "PMSyncProtocol", "PMCalendar",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                // The connection's own handlers (request deadlines, the answer to an unreadable
                // head) and the live connections' close codes.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "PMServerSQLite",
            dependencies: [
                "PMDomain", "PMSyncProtocol", "PMServer", "PMSQLite", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "PMServerPostgres",
            dependencies: [
                "PMDomain", "PMSyncProtocol", "PMServer", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "PMSync", dependencies: ["PMDomain", "PMSyncProtocol", "PMStore"], swiftSettings: upcomingFeatures),
        .target(
            name: "PMSyncClient",
            dependencies: [
                "PMDomain", "PMSyncProtocol", "PMSync",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMSyncTests",
            dependencies: ["PMDomain", "PMSync", "PMStore", "PMServer", "PMSyncProtocol", "PMTestSupport"],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMSyncClientTests",
            dependencies: [
                "PMDomain", "PMSyncClient", "PMSync", "PMServer", "PMSyncProtocol", "PMTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: upcomingFeatures
        ),
        // The web board: its routes, sessions and sign-in in Swift, and the files it serves as
        // they are (Resources/: the page, CSS, JavaScript modules, service worker).
        .target(
            name: "PMWeb",
            dependencies: [
                "PMDomain", "PMServer", "PMSyncProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMWebTests",
            dependencies: [
                "PMWeb", "PMServer", "PMSyncProtocol", "PMTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .target(
            name: "PMDAV",
            dependencies: [
                "PMServer", "PMCalendar", "PMDomain", "PMSyncProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMDAVTests",
            dependencies: [
                "PMDAV", "PMServer", "PMCalendar", "PMDomain", "PMSyncProtocol", "PMTestSupport", "pm", "pm-server",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The CalDAV clients' scripts, run from where they are.
            exclude: ["Clients"],
            swiftSettings: upcomingFeatures
        ),
        // Web Push (RFC 8030/8291/8292): the encrypted message, the VAPID token and the push
        // service's HTTP answers, for the deadline notifications PMServer decides to send.
        .target(
            name: "PMWebPush",
            dependencies: [
                "PMServer", "PMSyncProtocol", "PMDomain",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMWebPushTests",
            dependencies: [
                "PMWebPush", "PMServer", "PMServerSQLite", "PMDomain", "PMSyncProtocol", "PMTestSupport", "pm-server",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["PushService"],
            swiftSettings: upcomingFeatures
        ),
        .executableTarget(
            name: "pm-server",
            dependencies: [
                "PMDomain", "PMServer", "PMServerSQLite", "PMServerPostgres", "PMSyncProtocol", "PMStore", "PMWeb",
                "PMDAV", "PMWebPush",
                // `pm-server health --ca-file`: the same trust in a private CA as `pm`'s.
                "PMSyncClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // `pm-server health`: the one command that is a client of a server.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMServerTests",
            dependencies: [
                "PMDomain", "PMServer", "PMSyncProtocol", "PMTestSupport", "PMCalendar", "pm-server",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMServerSQLiteTests",
            dependencies: [
                "PMDomain", "PMServerSQLite", "PMServer", "PMSyncProtocol", "PMTestSupport", "pm-server",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: upcomingFeatures
        ),
        .testTarget(
            name: "PMServerPostgresTests",
            dependencies: [
                "PMDomain", "PMServerPostgres", "PMServer", "PMSyncProtocol", "PMTestSupport",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: upcomingFeatures
        ),
    ]
)
