import Foundation
import PackagePlugin

/// Makes the tagger's tables ready at build time: runs `embed-tagger` on the package's
/// `Dictionaries/model/tagger.tsv` and `clusters.tsv`, which reads them with the library's own
/// model reader and writes the built tables as a snapshot into the target as Swift source.
@main
struct EmbedTagger: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let model = context.package.directoryURL.appending(path: "Dictionaries").appending(path: "model")
        let tagger = model.appending(path: "tagger.tsv"), clusters = model.appending(path: "clusters.tsv")
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedTaggerSnapshot.swift")
        return [
            .buildCommand(
                displayName: "Making the tagger's tables ready for \(target.name)",
                executable: try context.tool(named: "embed-tagger").url,
                arguments: [tagger.path, clusters.path, output.path],
                inputFiles: [tagger, clusters],
                outputFiles: [output]
            ),
        ]
    }
}
