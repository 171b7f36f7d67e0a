import SwiftCL

/// Which engine SwiftCLFFT's transforms run on.
public enum FFTEngine: String, Sendable, CaseIterable, CustomStringConvertible {
    /// FFTW where the device is a CPU device sharing host memory that runs host commands (PoCL's) and FFTW is installed
    /// for the precision; VkFFT on a GPU's in-order queue; clFFT elsewhere.
    case automatic
    /// clFFT's kernels on the device, always (lengths whose prime factors are 2, 3, 5, 7, 11, 13).
    case clfft
    /// VkFFT's kernels on the device: every length on a GPU (Bluestein's algorithm for large prime factors), 7–9× clFFT
    /// on an H100; on in-order queues only, and on a CPU device only for lengths whose prime factors are 2–13. (A real
    /// transform whose last axis is 1 long runs on clFFT.)
    case vkfft
    /// FFTW on the buffers' storage, run as a command of the queue: every length; refused (naming why) where it cannot run.
    case hostFFT = "host"

    /// The engine transforms use in this process (default ``automatic``; `SWIFTCL_FFT_ENGINE=clfft|host|automatic`
    /// sets the starting value).
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

    /// The device engine this one means on `encoder` for `geometry` when it is not the host's: VkFFT when asked for,
    /// and for ``automatic`` on a GPU when VkFFT can take the transform there; clFFT otherwise, and for a real
    /// transform whose last axis is 1 long (VkFFT's real transforms need a real axis of at least 2).
    func deviceEngine<T: FFTScalar>(_ geometry: FFTGeometry, _: T.Type, on encoder: ComputeEncoder) -> FFTEngine {
        if geometry.kind != .complexToComplex, geometry.lengths[0] == 1 { return .clfft }
        switch self {
        case .vkfft: return .vkfft
        case .automatic where encoder.device.type.contains(.gpu) && VkFFT.refusal(geometry, T.self, on: encoder) == nil: return .vkfft
        default: return .clfft
        }
    }

    /// Whether this engine takes every length on `device` past clFFT's check (FFTW; VkFFT, which refuses what it cannot
    /// do itself, naming its own limits).
    func takesAnyLength(on device: Device) -> Bool {
        switch self {
        case .vkfft: true
        case .automatic: device.type.contains(.gpu)
        case .clfft, .hostFFT: false
        }
    }

    /// FFTW for `T` when this engine uses it on `device`, nil for clFFT.
    /// - Throws: `FFTError.Code.invalidArgument` when ``hostFFT`` is asked for and `device` or the machine cannot run
    ///   it, naming why.
    func hostFFT<T: FFTScalar>(_: T.Type, on device: Device, routine: String) throws -> HostFFT? {
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
