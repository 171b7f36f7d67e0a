import SwiftCL

/// Uses the functions SwiftCLKernelPlugin generated from `saxpy.cl`.
public enum PluginExample {
    /// y = a·x + y on `queue`, through the generated `SaxpyCL.saxpy`.
    public static func saxpy(on queue: ComputeQueue, a: Float, x: [Float], y: [Float]) throws -> [Float] {
        let xs = try Buffer(copying: x, context: queue.context, access: .readOnly)
        let ys = try Buffer(copying: y, context: queue.context)
        return try queue.sync { cl in
            try SaxpyCL.saxpy(cl, NDRange(x.count), a, xs, ys)
            return try cl.read(ys)
        }
    }

    /// The README's plugin snippet, compiled here (ReadmeTests checks the README shows it verbatim).
    public static func readmeSnippet(queue: ComputeQueue, n: Int, x: Buffer<Float>, y: Buffer<Float>) throws {
        // README-PLUGIN-BEGIN
        // saxpy.cl:  __kernel void saxpy(float a, __global const float *x, __global float *y) { … }
        try queue.sync { cl in
            try SaxpyCL.saxpy(cl, NDRange(n), 2.0, x, y)     // a: Float, x: Buffer<Float>, y: Buffer<Float>
        }
        // README-PLUGIN-END
    }
}
