#if canImport(Glibc)
import Glibc
#endif

/// A process-wide choice with a starting value from the environment (the wrapped libraries' engines:
/// `SWIFTCL_BLAS_ENGINE`, `SWIFTCL_FFT_ENGINE`, `SWIFTCL_FFTW_PLANNING`), read and set under a lock. A value the
/// variable sets that is none of the choices is not taken as the default without a word: ``environmentProblem`` says
/// so (naming the valid values) until the program sets the choice itself, and the libraries refuse to run meanwhile.
package final class ProcessPreference<Value: RawRepresentable & Sendable & CaseIterable>: Sendable where Value.RawValue == String {
    private let stored: Locked<(value: Value, problem: String?)>

    /// `fallback` unless the environment variable `variable` names a value.
    package init(environment variable: String, fallback: Value) {
        let given = getenv(variable).map { String(cString: $0) }
        guard let given, !given.isEmpty else {
            stored = Locked((fallback, nil))
            return
        }
        if let value = Value(rawValue: given) {
            stored = Locked((value, nil))
        } else {
            let valid = Value.allCases.map(\.rawValue).joined(separator: ", ")
            stored = Locked((fallback, "\(variable)=\(given) is not one of \(valid) (unset it, or set one of them)"))
        }
    }

    package var value: Value {
        get { stored.withLock { $0.value } }
        set { stored.withLock { $0 = (newValue, nil) } }
    }

    /// Why the environment's value was not taken; nil when it was, when none was given, or once ``value`` was set.
    package var environmentProblem: String? { stored.withLock { $0.problem } }
}
