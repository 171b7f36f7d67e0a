import SwiftCL
import SwiftCLArrays

/// Fourier transforms of `DeviceArray`s. A complex array is a real one whose last dimension is 2 (real and imaginary
/// parts, as numpy's `a.view(np.float32).reshape(*a.shape, 2)` lays it out); the transform runs over the other
/// dimensions (1 to 3). Each returns a new array, enqueued on this array's queue without waiting (like every array
/// operation); a view that does not start at its buffer's first element is copied first (clFFT takes no offset).
extension DeviceArray where Element: FFTScalar {
    /// The complex-to-complex transform of this complex array (shape `[…, 2]`), a new array of the same shape;
    /// ``FFTDirection/inverse`` divides by the number of complex elements.
    /// - Throws: `FFTError.Code.invalidArgument` unless the last dimension is 2 after 1 to 3 others; as
    ///   ``SwiftCL/ComputeEncoder/fft(_:into:shape:batch:direction:engine:)``.
    public func fft(direction: FFTDirection = .forward) throws -> DeviceArray {
        let dimensions = try complexDimensions("fft")
        let result = try DeviceArray(uninitializedShape: shape, on: queue)
        let input = try packed().storage.reinterpreted(as: SIMD2<Element>.self)
        let output = try result.storage.reinterpreted(as: SIMD2<Element>.self)
        _ = try queue.submit { cl in try cl.fft(input, into: output, shape: dimensions, direction: direction) }
        return result
    }

    /// The forward transform of this real array (1 to 3 dimensions): a complex array whose last transformed dimension
    /// is `n/2 + 1` long (numpy's `rfftn`), shape `[…, n/2 + 1, 2]`.
    /// - Throws: `FFTError.Code.invalidArgument` for 0 or more than 3 dimensions; as ``SwiftCL/ComputeEncoder/realFFT(_:into:shape:batch:engine:)``.
    public func realFFT() throws -> DeviceArray {
        guard (1...3).contains(shape.count), !shape.contains(0), let last = shape.last else {
            throw FFTError(.invalidArgument, routine: "realFFT", "a real array of 1 to 3 non-empty dimensions is transformed, this one has shape \(shape)")
        }
        let result = try DeviceArray(uninitializedShape: shape.dropLast() + [last / 2 + 1, 2], on: queue)
        let input = try packed().storage
        let output = try result.storage.reinterpreted(as: SIMD2<Element>.self)
        let dimensions = shape
        _ = try queue.submit { cl in try cl.realFFT(input, into: output, shape: dimensions) }
        return result
    }

    /// The inverse of ``realFFT()``: this half-spectrum (shape `[…, n/2 + 1, 2]`) gives a real array whose last
    /// dimension is `length` (`n`; needed because `n/2 + 1` is the same for `n` and `n + 1`), divided by the number of
    /// elements (numpy's `irfftn`).
    /// - Throws: `FFTError.Code.invalidArgument` when the shape is not a half-spectrum of `length`; as
    ///   ``SwiftCL/ComputeEncoder/inverseRealFFT(_:into:shape:batch:engine:)``.
    public func inverseRealFFT(length: Int) throws -> DeviceArray {
        let dimensions = try complexDimensions("inverseRealFFT")
        guard length > 0, dimensions.last == length / 2 + 1 else {
            throw FFTError(.invalidArgument, routine: "inverseRealFFT",
                           "a half-spectrum of length \(length) has \(length / 2 + 1) bins in its last dimension; shape \(shape) has \(dimensions.last ?? 0)")
        }
        let realShape = dimensions.dropLast() + [length]
        let result = try DeviceArray(uninitializedShape: Array(realShape), on: queue)
        let input = try packed().storage.reinterpreted(as: SIMD2<Element>.self)
        let output = result.storage
        _ = try queue.submit { cl in try cl.inverseRealFFT(input, into: output, shape: Array(realShape)) }
        return result
    }

    /// The dimensions before the trailing 2 of a complex array.
    private func complexDimensions(_ routine: String) throws -> [Int] {
        guard shape.last == 2, (2...4).contains(shape.count), !shape.contains(0) else {
            throw FFTError(.invalidArgument, routine: routine,
                           "a complex array has 1 to 3 non-empty dimensions and a last dimension of 2 (real, imaginary); this one has shape \(shape)")
        }
        return Array(shape.dropLast())
    }
}

extension DeviceArray {
    /// This array if it is all of its buffer, else a packed copy (a view elsewhere in a buffer): clFFT takes no offset.
    func packed() throws -> DeviceArray { offset == 0 && storage.count == count ? self : try copy() }
}
