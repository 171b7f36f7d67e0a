/// How the host engine (FFTW) plans a shape it has not transformed before in this process
/// (``FFTEngine/hostPlanning``).
public enum HostFFTPlanning: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The first transform runs at once on a plan FFTW estimates (milliseconds; a measured plan from FFTW's wisdom
    /// when it has one). FFTW then measures plans in the background (up to 10 s each) and the fastest of them and the
    /// estimate, timed side by side, serves the shape's later transforms. Results of the first transforms and the later
    /// ones may differ in their last bits. The default.
    case background
    /// As ``background``, but a shape's first transform waits until its plan is chosen, so every transform of the
    /// shape in this process runs the same plan.
    case measuredFirst = "measured-first"

    public var description: String { rawValue }
}
