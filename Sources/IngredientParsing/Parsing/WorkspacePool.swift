import IngredientText

/// The working memory behind `IngredientParser.parse(_:)` and `withSession(_:)`: a call borrows
/// a workspace that no other call is using and gives it back, so that one-line calls (and the
/// work items of a thread pool) keep their buffers and their cache of name keys warm from call
/// to call, as a `Session` does (a new workspace for every
/// call cost about 4,000 instructions a line more, a third of a line's parse). A parser and its
/// copies share one pool; it keeps at most `maximumIdle` workspaces (one per thread that
/// parses at the same time, in practice).
final class WorkspacePool: Sendable {
    /// The most idle workspaces kept (a workspace with a warm name-key cache is about 750 KB).
    static let maximumIdle = 8
    private let idle = LockedValue<[IngredientParser.Workspace]>([])

    /// The workspaces kept for the next calls.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Runs `body` with a workspace no other caller holds meanwhile, then takes it back.
    func withWorkspace<Result>(_ body: (IngredientParser.Workspace) -> Result) -> Result {
        let workspace = idle.withLock { $0.popLast() } ?? IngredientParser.Workspace()
        defer {
            idle.withLock { if $0.count < Self.maximumIdle { $0.append(workspace) } }
        }
        return body(workspace)
    }
}
