import ArgumentParser
import IngredientKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Named here, not derived from the type's name: deriving it costs a run-time
        // demangling of the type at every start.
        commandName: "pack",
        abstract: "Pack files into JSON Lines shard envelopes for a distributed `ingest import`.",
        discussion: """
            Writes one line per file, in the order `ingest import` reads them: {"source":PATH,"content":TEXT} \
            (or "content_base64" for files that are not UTF-8). Split the output into shards (split -l N), feed \
            each shard to `ingest import --format jsonl` on standard input, concatenate the outputs in shard \
            order: the records are the ones one `ingest import PATH…` run writes.
            """
    )

    @Option(help: ArgumentHelp("Write the envelopes here instead of standard output.", valueName: "file"))
    var out: String?

    @Argument(help: "Files and directories to pack.")
    var paths: [String]

    func run() throws {
        var writer = out == nil ? RecordWriter(fd: STDOUT_FILENO) : try RecordWriter(path: out!)
        var failed = false
        for path in RecipeImporter.files(in: paths) where path != "-" {
            guard let file = fopen(path, "rb") else {
                printError("cannot read \(path): \(String(cString: strerror(errno)))")
                failed = true
                continue
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if n > 0 { bytes += chunk[0..<n] }
                if n < chunk.count { break }
            }
            fclose(file)
            ShardEnvelope.append(source: path, bytes: bytes, to: &writer.buffer)
            guard writer.flushIfFull() else { throw runtimeFailure("cannot write the envelopes: \(writer.failure ?? "write failed")") }
        }
        guard writer.flush() else { throw runtimeFailure("cannot write the envelopes: \(writer.failure ?? "write failed")") }
        if failed { throw ExitCode(1) }
    }
}
