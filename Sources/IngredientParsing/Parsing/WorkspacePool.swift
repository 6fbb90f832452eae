#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The working memory behind `IngredientParser.parse(_:)` and `withSession(_:)`: a call borrows
/// a workspace that no other call is using and gives it back, so that one-line calls (and the
/// work items of a thread pool) keep their buffers and their cache of name keys warm from call
/// to call, as a `Session` does (a new workspace for every
/// call cost about 4,000 instructions a line more, a third of a line's parse). A parser and its
/// copies share one pool; it keeps at most `maximumIdle` workspaces (one per thread that
/// parses at the same time, in practice).
final class WorkspacePool: @unchecked Sendable {
    /// The most idle workspaces kept (a workspace with a warm name-key cache is about 300 KB).
    static let maximumIdle = 8
    private var idle: [IngredientParser.Workspace] = []
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The workspaces kept for the next calls.
    var idleCount: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return idle.count
    }

    /// Runs `body` with a workspace no other caller holds meanwhile, then takes it back.
    func withWorkspace<Result>(_ body: (IngredientParser.Workspace) -> Result) -> Result {
        pthread_mutex_lock(lock)
        let workspace = idle.popLast() ?? IngredientParser.Workspace()
        pthread_mutex_unlock(lock)
        defer {
            pthread_mutex_lock(lock)
            if idle.count < Self.maximumIdle { idle.append(workspace) }
            pthread_mutex_unlock(lock)
        }
        return body(workspace)
    }
}
