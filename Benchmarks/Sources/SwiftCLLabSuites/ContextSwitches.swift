#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's voluntary context switches so far (every thread), from `getrusage`: how often a thread went to sleep
/// waiting (for a command to complete, for work to arrive). The launch suite compares them per round trip between
/// SwiftCL and raw C; involuntary switches (preemption by other processes) are left out as noise.
enum ContextSwitches {
    static func voluntary() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_nvcsw)
    }
}
