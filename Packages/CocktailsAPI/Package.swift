// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CocktailsAPI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CocktailsAPI", targets: ["CocktailsAPI"])
    ],
    dependencies: [
        // Combine exists only on Apple platforms; OpenCombine stands in for it on Linux.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // Downloads stream with a byte limit, a deadline and checked redirects.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "CocktailsAPI",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [
                .copy("Resources/cocktails.json"), .copy("Resources/ingredients.json"),
                .copy("Resources/house-recipes.json"),
            ]
        ),
        .testTarget(name: "CocktailsAPITests", dependencies: ["CocktailsAPI"]),
    ]
)
