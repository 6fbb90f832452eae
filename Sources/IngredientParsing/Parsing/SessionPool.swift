#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parse sessions for the work items of a thread pool: a work item borrows a session that no
/// other item is using, so that a session's working memory and its cache of name keys stay
/// warm from one item to the next (a new session per item starts cold and costs a third more).
/// Shared by the modules of this package; not public API.
package final class SessionPool: @unchecked Sendable {
    /// The parser the sessions run.
    package let parser: IngredientParser
    private var idle: [IngredientParser.Session] = []
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A pool of sessions of `parser`, made as they are first needed.
    package init(parser: IngredientParser) {
        self.parser = parser
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with a session no other caller holds meanwhile, then takes it back.
    package func withSession<Result>(_ body: (IngredientParser.Session) -> Result) -> Result {
        pthread_mutex_lock(lock)
        let session = idle.popLast() ?? parser.makeSession()
        pthread_mutex_unlock(lock)
        defer {
            pthread_mutex_lock(lock)
            idle.append(session)
            pthread_mutex_unlock(lock)
        }
        return body(session)
    }
}
