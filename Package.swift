// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "IngredientKit",
    products: [
        .library(name: "IngredientKit", targets: ["IngredientKit"]),
        .executable(name: "ingest", targets: ["ingest"]),
        .executable(name: "ingest-bench", targets: ["ingest-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // System ICU (Debian: libicu-dev). Its headers rename every function with a version
        // suffix through macros Swift cannot import, so only the C shim below talks to it.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The one small C shim: plain, unversioned names for case folding and normalization.
        .target(
            name: "ICUShim",
            dependencies: ["CICU"],
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // System zlib (Debian: zlib1g-dev): inflate for ZIP entries, gzip and .tar.gz archives.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Build tool that turns Dictionaries/ into Swift source, so the library carries its
        // tables and finds no file at run time.
        .executableTarget(name: "embed-dictionaries"),
        .plugin(
            name: "EmbedDictionaries",
            capability: .buildTool(),
            dependencies: ["embed-dictionaries"]
        ),
        .target(
            name: "IngredientKit",
            dependencies: ["ICUShim", "CZlib"],
            plugins: ["EmbedDictionaries"]
        ),
        // The SQLite store behind `ingest import --db`, kept out of the core library so that
        // IngredientKit itself does not depend on GRDB (or Foundation).
        .target(
            name: "IngredientStore",
            dependencies: [
                "IngredientKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "ingest",
            dependencies: [
                "IngredientKit",
                "IngredientStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The parse benchmark without the CLI's other dependencies (tools/bench parse).
        .executableTarget(name: "ingest-bench", dependencies: ["IngredientKit"]),
        .testTarget(
            name: "IngredientKitTests",
            dependencies: [
                "IngredientKit",
                "IngredientStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
