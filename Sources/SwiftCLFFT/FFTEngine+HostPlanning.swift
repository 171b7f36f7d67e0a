import SwiftCL

extension FFTEngine {
    /// How FFTW plans shapes new to this process (default ``HostFFTPlanning/background``;
    /// `SWIFTCL_FFTW_PLANNING=background|measured-first` sets the starting value).
    public static var hostPlanning: HostFFTPlanning {
        get { planning.value }
        set { planning.value = newValue }
    }

    private static let planning = ProcessPreference<HostFFTPlanning>(environment: "SWIFTCL_FFTW_PLANNING", fallback: .background)

    /// Why `SWIFTCL_FFTW_PLANNING`'s value was not taken (transforms refuse to run until ``hostPlanning`` is set).
    static var planningProblem: String? { planning.environmentProblem }

    /// Waits until FFTW has measured and chosen the plans of every shape the host engine has planned so far in this
    /// process (see ``HostFFTPlanning/background``): a benchmark calls it after its warm-up so that it times the
    /// chosen plans. Returns at once where FFTW is not installed.
    @available(*, noasync, message: "blocks the calling thread; use await hostPlansChosen() from async code")
    public static func waitForHostPlans() {
        HostFFT.single?.waitForChoices()
        HostFFT.double?.waitForChoices()
    }

    /// ``waitForHostPlans()`` for async code: the task resumes once the plans planned so far are chosen, without a
    /// blocked thread.
    public static func hostPlansChosen() async {
        for library in [HostFFT.single, HostFFT.double].compactMap({ $0 }) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                library.worker.async { continuation.resume() }
            }
        }
    }
}
