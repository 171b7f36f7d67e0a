import SwiftCL

/// Which engine SwiftCLBLAS's routines (GEMMs, GEMV, AXPY, SCAL, DOT, NRM2) run on.
public enum BLASEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The host BLAS where the device computes in host memory and can run host commands (a CPU device: PoCL's) and
    /// OpenBLAS is installed; CLBlast elsewhere.
    case automatic
    /// CLBlast's kernels on the device, always.
    case clblast
    /// OpenBLAS on the buffers' storage, run as a command of the queue; refused (naming why) where it cannot run.
    case hostBLAS = "host"

    /// The engine the routines use in this process (default ``automatic``; `SWIFTCL_BLAS_ENGINE=clblast|host|automatic`
    /// sets the starting value; any other value makes every routine throw, naming the valid ones, until this is set).
    public static var preferred: BLASEngine {
        get { preference.value }
        set { preference.value = newValue }
    }

    private static let preference = ProcessPreference<BLASEngine>(environment: "SWIFTCL_BLAS_ENGINE", fallback: .automatic)

    /// The host BLAS's description (`openblas_get_config`) and path, nil when none is installed.
    public static var hostLibrary: String? { HostBLAS.shared.map { "\($0.configuration) (\($0.path))" } }

    public var description: String { rawValue }

    /// The host BLAS when this engine uses it on `device`, nil for CLBlast.
    /// - Throws: `BLASError.Code.invalidArgument` when ``hostBLAS`` is asked for and `device` or the machine cannot
    ///   run it, naming why.
    func hostBLAS(on device: Device, routine: String) throws -> HostBLAS? {
        if let problem = Self.preference.environmentProblem { throw BLASError(.invalidArgument, routine: routine, problem) }
        if let refusal = HostBLAS.refusal, self != .clblast {
            throw BLASError(.invalidArgument, routine: routine, refusal + " (unset SWIFTCL_HOST_BLAS to use OpenBLAS from the system)")
        }
        let usable = device.runsHostLibraries
        switch self {
        case .clblast: return nil
        case .automatic: return usable ? HostBLAS.shared : nil
        case .hostBLAS:
            guard let host = HostBLAS.shared else {
                throw BLASError(.invalidArgument, routine: routine, "the host BLAS engine needs OpenBLAS (libopenblas.so.0, "
                                + "Debian's libopenblas0-pthread, or $SWIFTCL_HOST_BLAS); none was found")
            }
            guard usable else {
                throw BLASError(.invalidArgument, routine: routine, "the host BLAS engine needs a CPU device sharing host memory "
                                + "that runs host commands; \(device.name) is not one")
            }
            return host
        }
    }
}
