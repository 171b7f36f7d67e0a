/// A built-in OpenCL C scalar or vector type ("uint4", "half", "float3") with its Swift spelling: the one table of
/// OpenCL C ↔ Swift types, read by the runtime's argument checks and by the code generator alike.
package struct OpenCLType: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        case signedInteger, unsignedInteger, floatingPoint
    }

    /// One row of the scalar table.
    package struct Scalar: Hashable, Sendable {
        /// The OpenCL C name ("uint").
        package let name: String
        /// The Swift type with the same bits ("UInt32").
        package let swiftName: String
        package let kind: Kind
        /// Bytes of one scalar.
        package let bytes: Int
    }

    /// Every OpenCL C scalar a host can pass, with the Swift type that has its size and meaning.
    package static let scalars: [Scalar] = [
        Scalar(name: "char", swiftName: "Int8", kind: .signedInteger, bytes: 1),
        Scalar(name: "uchar", swiftName: "UInt8", kind: .unsignedInteger, bytes: 1),
        Scalar(name: "short", swiftName: "Int16", kind: .signedInteger, bytes: 2),
        Scalar(name: "ushort", swiftName: "UInt16", kind: .unsignedInteger, bytes: 2),
        Scalar(name: "int", swiftName: "Int32", kind: .signedInteger, bytes: 4),
        Scalar(name: "uint", swiftName: "UInt32", kind: .unsignedInteger, bytes: 4),
        Scalar(name: "long", swiftName: "Int64", kind: .signedInteger, bytes: 8),
        Scalar(name: "ulong", swiftName: "UInt64", kind: .unsignedInteger, bytes: 8),
        Scalar(name: "half", swiftName: "Float16", kind: .floatingPoint, bytes: 2),
        Scalar(name: "float", swiftName: "Float", kind: .floatingPoint, bytes: 4),
        Scalar(name: "double", swiftName: "Double", kind: .floatingPoint, bytes: 8),
    ]

    /// The vector widths OpenCL C has (`float3` is stored as 4 lanes).
    package static let vectorWidths = [2, 3, 4, 8, 16]

    /// The scalar (or each lane's scalar).
    package let scalar: Scalar
    /// 1 for a scalar; 2, 3, 4, 8 or 16 for a vector.
    package let lanes: Int

    package var kind: Kind { scalar.kind }
    /// Bytes of one scalar.
    package var scalarBytes: Int { scalar.bytes }
    /// The OpenCL C name of the scalar ("uint").
    package var scalarName: String { scalar.name }
    /// Bytes the type occupies (3-vectors take the room of 4, as in OpenCL C).
    package var byteSize: Int { scalar.bytes * (lanes == 3 ? 4 : lanes) }
    package var isInteger: Bool { kind != .floatingPoint }

    /// The OpenCL C name ("uint4").
    package var description: String { lanes == 1 ? scalar.name : "\(scalar.name)\(lanes)" }

    /// The Swift type with the same layout ("Float", "SIMD4<UInt32>").
    package var swiftName: String { lanes == 1 ? scalar.swiftName : "SIMD\(lanes)<\(scalar.swiftName)>" }

    private static let scalarsByName = Dictionary(uniqueKeysWithValues: scalars.map { ($0.name, $0) })

    /// The type an OpenCL C name spells, or nil for anything else (structs, typedefs, images, `bool`, `size_t`).
    package init?(name: String) {
        var scalarName = Substring(name)
        var lanes = 1
        if let digits = name.firstIndex(where: \.isNumber) {
            guard let width = Int(name[digits...]), Self.vectorWidths.contains(width) else { return nil }
            scalarName = name[..<digits]
            lanes = width
        }
        guard let scalar = Self.scalarsByName[String(scalarName)] else { return nil }
        self.scalar = scalar
        self.lanes = lanes
    }

    /// Whether data of this type may be read as `other` without a cast in the kernel: the same scalar size and
    /// kind, where signed and unsigned integers count as one kind (OpenCL lets a kernel reinterpret either).
    package func sharesScalar(with other: OpenCLType) -> Bool {
        guard scalarBytes == other.scalarBytes else { return false }
        return kind == other.kind || (isInteger && other.isInteger)
    }
}
