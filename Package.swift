// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CocktailBook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cocktailbook", targets: ["cocktailbook"])
    ],
    dependencies: [
        .package(path: "Packages/CocktailsAPI"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The CLI tests start the binary many times: Foundation's Process.run on Linux over-reads
        // /proc/self/fd now and then and crashes the test process (swift-corelibs-foundation #5472).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Verifies the ID tokens of an OpenID Connect provider (signature, from its JWKS).
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        // Other apps' exports: Bar Assistant, Mealie, Tandoor, Paprika and Nextcloud zips, and CSV.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .target(
            name: "CocktailBook",
            dependencies: [
                .product(name: "CocktailsAPI", package: "CocktailsAPI"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Strings")]
        ),
        .target(
            name: "CocktailBookStore",
            dependencies: [
                "CocktailBook",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The PostgreSQL backend, for several instances sharing one database.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The drinks' pictures, drawn as SVG from their recipes: no web framework in here.
        .target(
            name: "CocktailDrawings",
            dependencies: ["CocktailBook", .product(name: "CocktailsAPI", package: "CocktailsAPI")]
        ),
        // The book's use cases, which the web layer and the command line both call: no web
        // framework in here (HTTPTypes only names a refusal's status).
        .target(
            name: "CocktailBookApp",
            dependencies: [
                "CocktailBook",
                "CocktailBookStore",
                "CocktailDrawings",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CocktailsAPI", package: "CocktailsAPI"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
                "CJPEG", "CGzip",
            ]
        ),
        // zlib (as every Swift toolchain on Linux needs it): gzip for the response cache and for imports. Not
        // named CZlib: ZIPFoundation brings a module of that name.
        .systemLibrary(name: "CGzip", path: "Sources/CGzip"),
        // Debian's libjpeg-turbo: the small copies of photos that lists show.
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .target(
            name: "CocktailBookWeb",
            dependencies: [
                "CocktailBook",
                "CocktailBookApp",
                "CocktailBookStore",
                "CocktailDrawings",
                "CGzip",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "QRCode",
            ],
            resources: [.copy("Templates"), .copy("Assets"), .copy("OpenAPI"), .copy("Pictures")]
        ),
        .executableTarget(
            name: "cocktailbook",
            dependencies: [
                "CocktailBook",
                "CocktailBookApp",
                "CocktailBookStore",
                "CocktailBookWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The release number (the repository root's VERSION links here), which --version prints.
            resources: [.copy("Resources/VERSION")]
        ),
        // The local package's own tests, run here too so that one `swift test` covers everything.
        .testTarget(
            name: "CocktailsAPITests",
            dependencies: [
                .product(name: "CocktailsAPI", package: "CocktailsAPI"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ],
            path: "Packages/CocktailsAPI/Tests/CocktailsAPITests"
        ),
        // `swift run -c release cocktailbook-search-bench`: the search benchmark of BENCHMARKS.md.
        .executableTarget(
            name: "cocktailbook-search-bench",
            dependencies: ["CocktailBook"]
        ),
        // QR codes for the printed menus' share links, encoded here (byte mode, versions 1–40, levels L–H):
        // no dependencies at all.
        .target(name: "QRCode"),
        // `cocktailbook-qr DIR`: hex-encoded payloads on stdin, one PGM image each in DIR, which the
        // e2e suite reads back with a real decoder (zbar).
        .executableTarget(name: "cocktailbook-qr", dependencies: ["QRCode"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "CocktailBookTests", dependencies: ["CocktailBook", "CocktailBookTestSupport"]),
        // What several test targets share: the in-memory stores and a throwaway PostgreSQL database.
        .target(
            name: "CocktailBookTestSupport",
            dependencies: [
                "CocktailBook", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/CocktailBookTestSupport"
        ),
        .testTarget(
            name: "CocktailBookStoreTests",
            dependencies: [
                "CocktailBookStore", "CocktailBookTestSupport", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "CocktailBookWebTests",
            dependencies: [
                "CocktailBookWeb",
                "CocktailBookApp",
                "CocktailDrawings",
                "CocktailBookTestSupport",
                "CGzip",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "CocktailBookCLITests",
            dependencies: [
                "cocktailbook", "CocktailBookStore", "CocktailBookTestSupport",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]),
    ]
)
