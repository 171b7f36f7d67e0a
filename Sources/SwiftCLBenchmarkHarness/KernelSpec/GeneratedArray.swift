import OpenCLSource
import SwiftCLValidation

/// Deterministic input arrays of any OpenCL scalar or vector type, for kernels run from the command line.
enum GeneratedArray {
    /// `count` elements of `type`: floating-point lanes in [0, 1), integer lanes in 0..<100 (so sums and products of a
    /// few stay in range for every width), or zeros.
    static func make(_ type: OpenCLType, count: Int, seed: UInt64, zero: Bool) -> HostArray {
        let lanes = count * type.lanes
        let unit = zero ? [Float](repeating: 0, count: lanes) : DeterministicInput.unitInterval(lanes, seed: seed)
        switch type.scalarName {
        case "float": return vectors(unit, lanes: type.lanes)
        case "double": return vectors(unit.map(Double.init), lanes: type.lanes)
        case "half": return vectors(unit.map(Float16.init), lanes: type.lanes)
        case "char": return vectors(unit.map { Int8($0 * 100) }, lanes: type.lanes)
        case "uchar": return vectors(unit.map { UInt8($0 * 100) }, lanes: type.lanes)
        case "short": return vectors(unit.map { Int16($0 * 100) }, lanes: type.lanes)
        case "ushort": return vectors(unit.map { UInt16($0 * 100) }, lanes: type.lanes)
        case "int": return vectors(unit.map { Int32($0 * 100) }, lanes: type.lanes)
        case "uint": return vectors(unit.map { UInt32($0 * 100) }, lanes: type.lanes)
        case "long": return vectors(unit.map { Int64($0 * 100) }, lanes: type.lanes)
        default: return vectors(unit.map { UInt64($0 * 100) }, lanes: type.lanes)
        }
    }

    /// The scalars grouped into vectors of `lanes` (SIMD3 included; OpenCL stores it in 4 lanes, as Swift does).
    private static func vectors<S: ValidatedElement & ValidatedScalar & SIMDScalar & BitwiseCopyable>(_ scalars: [S], lanes: Int) -> HostArray
    where S.SIMD2Storage: BitwiseCopyable, S.SIMD4Storage: BitwiseCopyable, S.SIMD8Storage: BitwiseCopyable,
          S.SIMD16Storage: BitwiseCopyable {
        func group<V: SIMD & ValidatedElement & BitwiseCopyable>(_: V.Type) -> HostArray where V.Scalar == S {
            HostArray(stride(from: 0, to: scalars.count, by: lanes).map { V(scalars[$0..<$0 + lanes]) })
        }
        switch lanes {
        case 2: return group(SIMD2<S>.self)
        case 3: return group(SIMD3<S>.self)
        case 4: return group(SIMD4<S>.self)
        case 8: return group(SIMD8<S>.self)
        case 16: return group(SIMD16<S>.self)
        default: return HostArray(scalars)
        }
    }
}
