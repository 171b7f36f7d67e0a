import SwiftCL
import SwiftCLArrays

/// Fourier transforms of complex arrays whose elements are `SIMD2` (`x` the real part, `y` the imaginary part:
/// OpenCL's `float2`, clFFT's interleaved layout), so the array's shape is the transform's shape. The leading
/// dimensions beyond the transformed ones are a batch.
extension DeviceArray {
    /// The complex-to-complex transform over the last `dimensions` dimensions (1 to 3; default: all of them, which
    /// must then be 1 to 3), each of the leading dimensions' elements a separate transform (a batch); a new array of
    /// the same shape, enqueued without waiting. ``FFTDirection/inverse`` divides by the number of elements per
    /// transform. A view that does not start at its buffer's first element is copied first (clFFT takes no offset).
    /// - Throws: `FFTError.Code.invalidArgument` for an empty array or a dimension count outside 1…3 or beyond the
    ///   array's; as ``SwiftCL/ComputeEncoder/fft(_:into:shape:batch:direction:engine:)``.
    public func fft<T: FFTScalar & ArrayElement>(direction: FFTDirection = .forward, dimensions: Int? = nil) throws -> DeviceArray
    where Element == SIMD2<T> {
        let transformed = dimensions ?? shape.count
        guard (1...3).contains(transformed), transformed <= shape.count, !shape.contains(0) else {
            throw FFTError(.invalidArgument, routine: "fft",
                           "a transform runs over the last 1 to 3 of a non-empty array's dimensions: \(transformed) of shape \(shape) asked")
        }
        let transformShape = Array(shape.suffix(transformed)), batch = shape.dropLast(transformed).reduce(1, *)
        let result = try DeviceArray(uninitializedShape: shape, on: queue)
        let input = try packed().storage
        let output = result.storage
        _ = try queue.submit { cl in try cl.fft(input, into: output, shape: transformShape, batch: batch, direction: direction) }
        return result
    }
}
