/// A plan FFTW made for one shape, carried into the host commands that run it. FFTW's plans may be executed from any
/// thread on new arrays. When the last holder lets go (the shape's table took a faster plan, and the commands that
/// captured this one have run), the plan goes to the library's retired list; the next holder of the planner's lock
/// destroys it (destroying is a planner call, and a command's thread must not wait behind a plan being measured).
final class HostFFTPlan: @unchecked Sendable {
    /// How the plan was made.
    enum Origin: String, Sendable {
        /// At the shape's first transform: `FFTW_ESTIMATE`, which takes a measured plan from the wisdom when it has one.
        case first
        /// `FFTW_MEASURE` in the background.
        case measured
    }

    let pointer: OpaquePointer
    let origin: Origin
    /// FFTW threads the plan runs on.
    let threads: Int
    private let library: HostFFT

    init(_ pointer: OpaquePointer, origin: Origin, threads: Int, library: HostFFT) {
        (self.pointer, self.origin, self.threads, self.library) = (pointer, origin, threads, library)
    }

    deinit { library.retire(pointer) }
}
