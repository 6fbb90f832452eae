// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "IngredientKit",
    products: [
        .library(name: "IngredientKit", targets: ["IngredientKit"]),
        // The lean core for list engines: parsing, keys, suggestions and the shopping list,
        // without import code, archives or SQLite.
        .library(name: "IngredientLists", targets: ["IngredientLists"]),
        .library(name: "IngredientParsing", targets: ["IngredientParsing"]),
        .executable(name: "ingest", targets: ["ingest"]),
        .executable(name: "ingest-bench", targets: ["ingest-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (tools/docs): the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // System SQLite (Debian: libsqlite3-dev): the store behind `ingest import --db`, used
        // through its C API (IngredientStore), so the CLI carries no database library or Foundation.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Build tool that turns Dictionaries/ into Swift source, so the library carries its
        // tables and finds no file at run time.
        .executableTarget(name: "embed-dictionaries"),
        .plugin(
            name: "EmbedDictionaries",
            capability: .buildTool(),
            dependencies: ["embed-dictionaries"]
        ),
        // The snapshot files under Dictionaries/ (the tagger's model, the lexicon, the food
        // knowledge made ready ahead of time by tools/compile-snapshots), compiled in byte for
        // byte with #embed, so that start-up decodes no text.
        .target(name: "CSnapshots"),
        // Vector kernels of the parser's hot loops (AVX2, chosen at run time), each the twin of a
        // portable Swift version that stays the reference.
        .target(name: "CKernels"),
        // The library, one module per stage of the one-way flow (see README, "Modules"):
        // text → lexicon and keys → parsing → lists (with suggestions, which need no parser),
        // and import beside lists, on parsing. Each target lists the modules it imports.
        // Bytes, UTF-8 repair, the ICU wrapper, line and file reading, JSON reading and writing.
        .target(name: "IngredientText", dependencies: ["ICUShim"]),
        // The data tables of Dictionaries/ (units, numbers, phrases, shopping-list tables) and
        // canonical keys (folding, singular/plural, synonyms).
        .target(name: "IngredientLexicon", dependencies: ["IngredientText", "CSnapshots"], plugins: ["EmbedDictionaries"]),
        // The tagger's model: labels, feature templates and keys, the weight tables read from a
        // model file. No data of its own, so that a build tool can make the tables ready.
        .target(name: "IngredientTagger", dependencies: ["IngredientText"]),
        // Tokens, features, the tagger, line assembly, confidence and the JSON line of `ingest parse`.
        .target(
            name: "IngredientParsing",
            dependencies: ["IngredientText", "IngredientLexicon", "IngredientTagger", "CSnapshots", "CKernels"]
        ),
        // Near-duplicate names: pair features, the scorer, merge suggestions.
        .target(name: "IngredientSuggestions", dependencies: ["IngredientText", "IngredientLexicon", "CSnapshots"], plugins: ["EmbedDictionaries"]),
        // The shopping list: merge, units, pantry, edits, suggestions between items.
        .target(
            name: "IngredientLists",
            dependencies: ["IngredientText", "IngredientLexicon", "IngredientParsing", "IngredientSuggestions"]
        ),
        // Recipe files in every format, decoding, HTML and JSON-LD, the ordered work pool.
        .target(
            name: "IngredientImport",
            dependencies: ["IngredientText", "IngredientLexicon", "IngredientParsing", "CZlib"],
            plugins: ["EmbedDictionaries"]
        ),
        // Convenience: one import for all of the above.
        .target(
            name: "IngredientKit",
            dependencies: [
                "IngredientText", "IngredientLexicon", "IngredientParsing",
                "IngredientSuggestions", "IngredientLists", "IngredientImport",
            ]
        ),
        // Parse and dedupe evaluation, tagger and scorer training: for the CLI and tools, not apps.
        .target(
            name: "IngredientEvaluation",
            dependencies: [
                "IngredientText", "IngredientLexicon", "IngredientTagger", "IngredientParsing",
                "IngredientSuggestions", "IngredientImport",
            ]
        ),
        // The SQLite store behind `ingest import --db` (a small layer over SQLite's C API),
        // kept out of the core library so that IngredientKit itself does not link SQLite.
        .target(
            name: "IngredientStore",
            dependencies: ["IngredientText", "IngredientParsing", "IngredientImport", "CSQLite"]
        ),
        .executableTarget(
            name: "ingest",
            dependencies: [
                "IngredientKit",
                "IngredientEvaluation",
                "IngredientStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The parse benchmark without the CLI's other dependencies (tools/bench parse).
        .executableTarget(name: "ingest-bench", dependencies: ["IngredientKit", "IngredientEvaluation"]),
        .testTarget(
            name: "IngredientKitTests",
            dependencies: [
                "IngredientKit",
                "IngredientTagger",
                "IngredientEvaluation",
                "IngredientStore",
            ]
        ),
    ]
)
