import IngredientKit

/// Where the shared corpora are: `../shared` beside the repository (the working directory is
/// the repository root), or `/work/shared`.
enum SharedData {
    static func path(_ relative: String) -> String {
        let candidates = ["../shared/" + relative, "/work/shared/" + relative]
        return candidates.first { (try? LineReader(path: $0).forEachLine { _ in }) != nil } ?? candidates[0]
    }
}
