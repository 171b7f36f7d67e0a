import SwiftCL

/// Which engine SwiftCLFFT's transforms run on.
public enum FFTEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    /// FFTW where the device is a CPU device sharing host memory that runs host commands (PoCL's) and FFTW is installed
    /// for the precision; clFFT elsewhere.
    case automatic
    /// clFFT's kernels on the device, always: every length (those with a prime factor above 13 one axis at a time,
    /// through Bluestein's algorithm over clFFT's power-of-two transforms, up to 2³¹).
    case clfft
    /// VkFFT's kernels on the device: 3.5–6.8× clFFT on an H200 (`swiftcl-lab bench fft`), in-order queues only;
    /// shapes with a length that has a prime factor above 13 run on clFFT's engine. Not yet ``automatic``'s choice on GPUs: the whole test suite has
    /// not run through on one (docs/known-gaps.md). (A real transform whose last axis is 1 long runs on clFFT.)
    case vkfft
    /// FFTW on the buffers' storage, run as a command of the queue: every length; refused (naming why) where it cannot run.
    case hostFFT = "host"

    /// The engine transforms use in this process (default ``automatic``; `SWIFTCL_FFT_ENGINE=clfft|host|automatic`
    /// sets the starting value; any other value makes every transform throw, naming the valid ones, until this is set).
    public static var preferred: FFTEngine {
        get { preference.value }
        set { preference.value = newValue }
    }

    private static let preference = ProcessPreference<FFTEngine>(environment: "SWIFTCL_FFT_ENGINE", fallback: .automatic)

    /// FFTW's library for `T` (its path and threads), nil when it is not installed.
    public static func hostLibrary<T: FFTScalar>(for _: T.Type) -> String? {
        HostFFT.library(for: T.self).map { "\($0.path) (\($0.threads) thread\($0.threads == 1 ? "" : "s"))" }
    }

    public var description: String { rawValue }

    /// The device engine this one means for `geometry` when it is not the host's: VkFFT when asked for, clFFT
    /// otherwise; and clFFT for what VkFFT does not run here: a real transform whose last axis is 1 long (VkFFT's real
    /// transforms need at least 2), and a length with a prime factor above 13 (VkFFT's kernels for those, Rader's and
    /// Bluestein's algorithms, crashed PoCL 3.1's CPU device at 17·2¹⁰ and 65521, and a GPU test run that used them
    /// did not finish; clFFT's engine takes them one axis at a time).
    func deviceEngine(_ geometry: FFTGeometry) -> FFTEngine {
        guard self == .vkfft else { return .clfft }
        if geometry.kind != .complexToComplex, geometry.lengths[0] == 1 { return .clfft }
        return AxisByAxis.isNeeded(for: geometry) ? .clfft : .vkfft
    }

    /// Whether this engine takes every length before it is known which device engine runs the shape (VkFFT hands
    /// what it does not run to clFFT, whose limits then apply) rather than clFFT's rules judging lengths at once.
    var judgesLengthsItself: Bool { self == .vkfft }

    /// FFTW for `T` when this engine uses it on `device`, nil for clFFT.
    /// - Throws: `FFTError.Code.invalidArgument` when ``hostFFT`` is asked for and `device` or the machine cannot run
    ///   it, naming why.
    func hostFFT<T: FFTScalar>(_: T.Type, on device: Device, routine: String) throws -> HostFFT? {
        for problem in [Self.preference.environmentProblem, Self.planningProblem].compactMap({ $0 }) {
            throw FFTError(.invalidArgument, routine: routine, problem)
        }
        let usable = device.runsHostLibraries
        switch self {
        case .clfft, .vkfft: return nil
        case .automatic: return usable ? HostFFT.library(for: T.self) : nil
        case .hostFFT:
            guard let host = HostFFT.library(for: T.self) else {
                let package = T.isDoublePrecision ? "libfftw3-double3" : "libfftw3-single3"
                throw FFTError(.invalidArgument, routine: routine, "the host FFT engine needs FFTW (Debian's \(package)); none was found")
            }
            guard usable else {
                throw FFTError(.invalidArgument, routine: routine, "the host FFT engine needs a CPU device sharing host memory "
                               + "that runs host commands; \(device.name) is not one")
            }
            return host
        }
    }
}
