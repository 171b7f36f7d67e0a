#if canImport(Glibc)
import Glibc
#endif

/// A process-wide choice with a starting value from the environment (the wrapped libraries' engines:
/// `SWIFTCL_BLAS_ENGINE`, `SWIFTCL_FFT_ENGINE`), read and set under a lock.
package final class ProcessPreference<Value: RawRepresentable & Sendable>: Sendable where Value.RawValue == String {
    private let stored: Locked<Value>

    /// `fallback` unless the environment variable `variable` names a value.
    package init(environment variable: String, fallback: Value) {
        stored = Locked(getenv(variable).flatMap { Value(rawValue: String(cString: $0)) } ?? fallback)
    }

    package var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
