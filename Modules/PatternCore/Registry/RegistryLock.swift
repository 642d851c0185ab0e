#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over a heap-allocated pthread mutex (PatternCore has no Foundation,
/// and `Synchronization.Mutex` needs newer systems than the package supports).
package final class RegistryLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` while holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
