/// Why the box filter refused a request (the kernel library's own errors; runtime failures arrive as
/// `SwiftCLError`, `OpenCLError` or `BuildError`).
public enum BoxFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `RANGE` outside what the kernels are built for (0...16 on the device, ≥ 0 on the host).
    case rangeOutOfBounds(range: Int, allowed: ClosedRange<Int>)
    /// A size the variant cannot filter; `reason` is ``BoxFilterVariant/unsupportedReason(width:height:)``.
    case unsupportedSize(variant: String, width: Int, height: Int, reason: String)
    /// More pixels than the kernels' 32-bit indexing addresses.
    case exceedsIndexing(width: Int, height: Int)
    /// Input or output buffers (or host pixels) of another size than the image.
    case pixelCountMismatch(what: String, count: Int, width: Int, height: Int)
    /// A local size below 1.
    case invalidLocalSize(variant: String, localSize: Int)
    /// A workspace made for another variant.
    case workspaceMismatch(variant: String)
    /// No variant of that name; `available` lists those that exist.
    case unknownVariant(name: String, available: [String])

    public var description: String {
        switch self {
        case let .rangeOutOfBounds(range, allowed):
            "box filter RANGE \(range) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case let .unsupportedSize(_, _, _, reason): reason
        case let .exceedsIndexing(width, height): "box filter: \(width)×\(height) pixels exceed the kernels' 32-bit indexing"
        case let .pixelCountMismatch(what, count, width, height): "box filter: \(what) holds \(count) pixels, not \(width)×\(height)"
        case let .invalidLocalSize(variant, localSize): "box filter \(variant): local size \(localSize) must be positive"
        case let .workspaceMismatch(variant): "box filter \(variant): the workspace was made for another variant"
        case let .unknownVariant(name, available): "no box filter variant named \(name); variants: \(available.joined(separator: ", "))"
        }
    }
}
