import SwiftCL

/// Uses the functions SwiftCLKernelPlugin generated from `saxpy.cl`.
public enum PluginExample {
    /// y = a·x + y on `queue`, through the generated convenience `SaxpyCL.saxpy`.
    public static func saxpy(on queue: ComputeQueue, a: Float, x: [Float], y: [Float]) throws -> [Float] {
        let xs = try Buffer(copying: x, context: queue.context, access: .readOnly)
        let ys = try Buffer(copying: y, context: queue.context)
        return try queue.sync { cl in
            try SaxpyCL.saxpy(cl, NDRange(x.count), a: a, x: xs, y: ys)
            return try cl.read(ys)
        }
    }

    /// The README's plugin snippet, compiled here (ReadmeTests checks the README shows it verbatim).
    public static func readmeSnippet(queue: ComputeQueue, n: Int, x: Buffer<Float>, y: Buffer<Float>) throws {
        // README-PLUGIN-BEGIN
        // saxpy.cl:  __kernel void saxpy(float a, __global const float *x, __global float *y) { … }
        let saxpy = try SaxpyCL.Saxpy(context: queue.context)   // built once per context, then cached
        try queue.sync { cl in
            try saxpy(cl, NDRange(n), a: 2.0, x: x, y: y)        // labels are the .cl parameter names
        }
        // README-PLUGIN-END
    }
}
