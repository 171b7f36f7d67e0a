import SwiftCL

/// A type a ``DeviceArray`` can hold and an elementwise ``ArrayExpression`` can compute with: an ``ArrayElement``
/// scalar, or a SIMD vector of one (`SIMD2`, `SIMD3`, `SIMD4`, `SIMD8`, `SIMD16`; OpenCL's `float4`, `int8`, …).
///
/// Every element type works elementwise (arithmetic, ``ArrayMath``, ``DeviceArray/assign(_:)-(ArrayExpressible)``,
/// views, transfers, ``ElementwiseKernel`` arguments). Reductions, comparisons, scans and sorting need an order and
/// take scalar ``ArrayElement`` arrays only. Swift's `SIMD3` has the size and alignment of four lanes, like OpenCL's
/// 3-component vectors, so arrays of them match `float3 *` parameters element for element.
public protocol ArrayStorable: KernelScalar, BitwiseCopyable, Sendable {
    /// The scalar type of each lane (the type itself for a scalar).
    associatedtype Lane: ArrayElement
    /// Lanes per element: 1 for a scalar, 2…16 for a vector.
    static var laneCount: Int { get }
}

extension ArrayStorable {
    /// Whether the lanes are floating-point, signed or unsigned integers (decides `%`, `min`/`max` and `abs`).
    static var laneKind: ElementKind { Lane.kind }

    /// The `#pragma` a program needs to use the type, or an empty string.
    static var pragma: String {
        Lane.requiredExtension.map { "#pragma OPENCL EXTENSION \($0) : enable\n" } ?? ""
    }

    /// `convert_T` for converting a value of another OpenCL type with as many lanes to this one (like a C cast).
    static var openCLConversion: String { "convert_\(openCLTypeName)" }
}
