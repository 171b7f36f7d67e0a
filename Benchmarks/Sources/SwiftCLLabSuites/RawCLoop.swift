import RawOpenCL
import SwiftCL

/// The plain C launch loop (Benchmarks/RawOpenCL) run on SwiftCL's own queue, kernel object and buffers, lent through
/// the interop API: the C API's cost on exactly SwiftCL's objects, for the launch and square suites and for
/// `swiftcl-launch-probe`.
package enum RawCLoop {
    /// Seconds, by the C loop's own timer, for `launches` launches of `kernel(input, output)` over `global` items: each
    /// followed by `clFinish` when `waitingEach`, else one `clFinish` after all of them.
    package static func seconds(on queue: ComputeQueue, kernel: Kernel, input: Buffer<Float>, output: Buffer<Float>,
                                global: Int, launches: Int, waitingEach: Bool) throws -> Double {
        let seconds = try queue.sync { cl in
            try cl.withUnsafeQueueHandle(keepingAlive: [input, output]) { commandQueue in
                kernel.withUnsafeHandle { kernelHandle in
                    input.withUnsafeHandle { a in
                        output.withUnsafeHandle { b in
                            let (q, k) = (UnsafeMutableRawPointer(commandQueue), UnsafeMutableRawPointer(kernelHandle))
                            let (x, y) = (UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b))
                            return waitingEach ? raw_cl_round_trips_kernel_on(q, k, x, y, global, launches)
                                               : raw_cl_batched_kernel_on(q, k, x, y, global, launches)
                        }
                    }
                }
            }
        }
        if seconds < 0 { throw OpenCLError(status: CLStatus(rawValue: Int32(seconds)), routine: "raw C loop on SwiftCL's objects") }
        return seconds
    }
}
