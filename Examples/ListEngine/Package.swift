// swift-tools-version: 6.1
// A shopping-list engine that embeds IngredientKit's lean core: the `IngredientLists` product
// (parsing, canonical keys, merge suggestions, the list). It links no import code, no archive
// readers and no SQLite: `swift build` here compiles only those modules of the package.
import PackageDescription

let package = Package(
    name: "ListEngine",
    dependencies: [
        .package(name: "IngredientKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "ListEngine",
            dependencies: [.product(name: "IngredientLists", package: "IngredientKit")]
        ),
    ]
)
