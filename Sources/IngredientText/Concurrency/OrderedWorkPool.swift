import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work items on a fixed number of threads and hands their results back in the order
/// the items were submitted, with at most `window` items submitted but not yet handed back:
/// parallel work, deterministic output, bounded memory. Shared by the modules of this package
/// (import workers, shopping-list parsing); not public API.
package final class OrderedWorkPool<Output: Sendable>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let workReady = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let resultReady = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Work not yet taken from `queueHead` on; a taken slot's work is set to nil at once, so
    /// the slots kept until the array is compacted do not keep what the work captured (a
    /// streamed file's chunks) alive.
    private var queue: [(sequence: Int, work: (@Sendable () -> Output)?)] = []
    private var queueHead = 0
    private var results: [Int: Output] = [:]
    private var nextSubmit = 0
    private var nextDeliver = 0
    private var closed = false
    private let window: Int
    private let group = DispatchGroup()

    /// A pool of `threads` worker threads holding at most `window` items in flight.
    package init(threads: Int, window: Int) {
        self.window = max(1, window)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(workReady, nil)
        pthread_cond_init(resultReady, nil)
        for k in 0..<max(1, threads) {
            group.enter()
            let thread = DispatchQueue(label: "ingredientkit.worker.\(k)")
            thread.async { [self] in
                workerLoop()
                group.leave()
            }
        }
    }

    deinit {
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(workReady)
        pthread_cond_destroy(resultReady)
        lock.deallocate()
        workReady.deallocate()
        resultReady.deallocate()
    }

    private func workerLoop() {
        while true {
            pthread_mutex_lock(lock)
            while queueHead == queue.count && !closed { pthread_cond_wait(workReady, lock) }
            if queueHead == queue.count && closed {
                pthread_mutex_unlock(lock)
                return
            }
            let item = queue[queueHead]
            queue[queueHead].work = nil
            queueHead += 1
            if queueHead > 1024, queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            pthread_mutex_unlock(lock)
            let output = item.work!()
            pthread_mutex_lock(lock)
            results[item.sequence] = output
            pthread_cond_broadcast(resultReady)
            pthread_mutex_unlock(lock)
        }
    }

    /// The next result in order, waiting for it when `wait` (nil when none is ready or left).
    private func takeNext(wait: Bool) -> Output? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while true {
            if nextDeliver == nextSubmit { return nil }
            if let output = results.removeValue(forKey: nextDeliver) {
                nextDeliver += 1
                return output
            }
            if !wait { return nil }
            pthread_cond_wait(resultReady, lock)
        }
    }

    /// Submits `work`; first hands finished results to `deliver`, in order, waiting for the
    /// oldest while the window is full. `deliver` runs on the calling thread.
    package func submit<E: Error>(_ work: @escaping @Sendable () -> Output, deliver: (Output) throws(E) -> Void) throws(E) {
        while let ready = takeNext(wait: false) { try deliver(ready) }
        while inFlight >= window, let oldest = takeNext(wait: true) { try deliver(oldest) }
        pthread_mutex_lock(lock)
        queue.append((nextSubmit, work))
        nextSubmit += 1
        pthread_cond_signal(workReady)
        pthread_mutex_unlock(lock)
    }

    private var inFlight: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return nextSubmit - nextDeliver
    }

    /// Hands every remaining result to `deliver`, in order, and stops the threads.
    package func finish<E: Error>(deliver: (Output) throws(E) -> Void) throws(E) {
        defer { close() }
        while let next = takeNext(wait: true) { try deliver(next) }
    }

    /// Runs `work` on the consecutive ranges of `0..<count`, `chunk` indices each, and hands
    /// each result to `deliver` in range order: on a pool of `threads` threads when there are
    /// several threads and at least two chunks, else on the calling thread as one range.
    package static func forEachChunk(count: Int, chunk: Int, threads: Int,
                                     _ work: @escaping @Sendable (Range<Int>) -> Output,
                                     deliver: (Output) -> Void) {
        guard threads > 1, count >= 2 * chunk else {
            deliver(work(0..<count))
            return
        }
        let pool = OrderedWorkPool(threads: threads, window: threads * 4)
        defer { pool.close() }
        for start in stride(from: 0, to: count, by: chunk) {
            let range = start..<min(count, start + chunk)
            pool.submit({ work(range) }, deliver: deliver)
        }
        pool.finish(deliver: deliver)
    }

    /// Stops the threads once the queued work is done (results not yet delivered are dropped).
    package func close() {
        pthread_mutex_lock(lock)
        let wasClosed = closed
        closed = true
        pthread_cond_broadcast(workReady)
        pthread_mutex_unlock(lock)
        if !wasClosed { group.wait() }
    }
}
