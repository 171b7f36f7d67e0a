import SwiftCL
import SwiftCLValidation

/// Deliberately broken kernels, to prove the memory checker finds what it should: an out-of-bounds
/// write and a missing barrier (a data race on local memory).
package enum BrokenKernels {
    static let source = ProgramSource(name: "broken.cl", text: """
        // Writes one element past the end: the last work item's store is out of bounds.
        kernel void broken_oob_write(global const float *in, global float *out)
        {
            size_t i = get_global_id(0);
            out[i + 1] = in[i];
        }

        // Reverses each work-group's slice through local memory but forgets the barrier between the
        // writes and the reads: work items read what others may not have written yet.
        kernel void broken_missing_barrier(global const float *in, global float *out, local float *scratch)
        {
            size_t l = get_local_id(0), n = get_local_size(0);
            scratch[l] = in[get_global_id(0)];
            out[get_global_id(0)] = scratch[n - 1 - l];
        }
        """)

    /// Checks that run the broken kernels (their outputs are not what matters; the checker's findings are).
    package static var checks: [KernelCheck] {
        [
            KernelCheck(name: "broken_oob_write", sizes: [ImageProblem(width: 16, height: 1)], tolerance: .absolute(.infinity)) { queue, size, _ in
                let kernel = try queue.context.program(source).kernel(named: "broken_oob_write")
                let a = try Buffer(copying: [Float](repeating: 1, count: size.pixels), context: queue.context)
                let b = try Buffer<Float>(count: size.pixels, context: queue.context)
                _ = try queue.sync { cl in
                    try cl.launch(kernel, NDRange(size.pixels), a, b)
                    return try cl.read(b)
                }
                return KernelCheck.Outcome(outputs: [])
            },
            KernelCheck(name: "broken_missing_barrier", sizes: [ImageProblem(width: 16, height: 1)], tolerance: .absolute(.infinity)) { queue, size, _ in
                let kernel = try queue.context.program(source).kernel(named: "broken_missing_barrier")
                let a = try Buffer(copying: (0..<size.pixels).map(Float.init), context: queue.context)
                let b = try Buffer<Float>(count: size.pixels, context: queue.context)
                _ = try queue.sync { cl in
                    try cl.launch(kernel, NDRange(size.pixels, local: 8), a, b, LocalMemory<Float>(count: 8))
                    return try cl.read(b)
                }
                return KernelCheck.Outcome(outputs: [])
            },
        ]
    }
}
