import Foundation
import PackagePlugin

/// Compiles the tables under the package's `Dictionaries/` folder into the target as Swift
/// source, so the library carries its data and reads no file at run time. Each module gets the
/// tables of its own stage (`folders`): the lexicon the top-level tables, the suggester
/// `suggest/`, the importer `import/`. (The tagger model in `model/`, and the snapshots of the
/// tables, `.snapshot`, are compiled in as bytes by the `CSnapshots` target.)
@main
struct EmbedDictionaries: BuildToolPlugin {
    /// The folder of `Dictionaries/` each module embeds ("" for the files directly in it).
    static let folders: [String: String] = [
        "IngredientLexicon": "",
        "IngredientSuggestions": "suggest",
        "IngredientImport": "import",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let folder = Self.folders[target.name] else {
            throw PluginError.noTables(target: target.name)
        }
        let root = context.package.directoryURL.appending(path: "Dictionaries")
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedDictionaryFiles.swift")
        let home = (folder.isEmpty ? root : root.appending(path: folder)).standardizedFileURL.path
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
                let parent = url.deletingLastPathComponent().standardizedFileURL.path
                // Snapshots are compiled in as bytes by the CSnapshots target, not as text.
                if isFile, parent == home, !url.lastPathComponent.hasPrefix("."),
                   url.pathExtension != "md", url.pathExtension != "snapshot" {
                    inputs.append(url)
                }
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) dictionary files into \(target.name)",
                executable: try context.tool(named: "embed-dictionaries").url,
                arguments: [root.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}

/// Why the plugin cannot embed tables into a target.
enum PluginError: Error, CustomStringConvertible {
    /// The target is not one of `EmbedDictionaries.folders`.
    case noTables(target: String)

    var description: String {
        switch self {
        case .noTables(let target):
            return "EmbedDictionaries has no Dictionaries/ folder for target \(target); add it to EmbedDictionaries.folders"
        }
    }
}
