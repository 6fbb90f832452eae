import Foundation
import PackagePlugin

/// Compiles every table under the package's `Dictionaries/` folder into the target as Swift
/// source, so the library carries its data and reads no file at run time.
@main
struct EmbedDictionaries: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "Dictionaries")
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedDictionaryFiles.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
                if isFile, !url.lastPathComponent.hasPrefix("."), url.pathExtension != "md" {
                    inputs.append(url)
                }
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) dictionary files",
                executable: try context.tool(named: "embed-dictionaries").url,
                arguments: [root.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
