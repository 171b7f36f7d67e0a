/// A built-in OpenCL C scalar or vector type ("uint4", "half", "float3"), described by what the binding rules
/// need: the scalar's kind and size, and the lane count.
struct OpenCLType: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case signedInteger, unsignedInteger, floatingPoint
    }

    let kind: Kind
    /// Bytes of one scalar.
    let scalarBytes: Int
    /// 1 for a scalar; 2, 3, 4, 8 or 16 for a vector.
    let lanes: Int
    /// The OpenCL C name of the scalar ("uint").
    let scalarName: String

    /// Bytes the type occupies (3-vectors take the room of 4, as in OpenCL C).
    var byteSize: Int { scalarBytes * (lanes == 3 ? 4 : lanes) }

    var description: String { lanes == 1 ? scalarName : "\(scalarName)\(lanes)" }

    private static let scalars: [String: (Kind, Int)] = [
        "char": (.signedInteger, 1), "uchar": (.unsignedInteger, 1), "short": (.signedInteger, 2), "ushort": (.unsignedInteger, 2),
        "int": (.signedInteger, 4), "uint": (.unsignedInteger, 4), "long": (.signedInteger, 8), "ulong": (.unsignedInteger, 8),
        "half": (.floatingPoint, 2), "float": (.floatingPoint, 4), "double": (.floatingPoint, 8),
    ]

    /// The type an OpenCL C name spells, or nil for anything else (structs, typedefs, images).
    init?(name: String) {
        var scalar = Substring(name)
        var lanes = 1
        if let digits = name.firstIndex(where: \.isNumber) {
            guard let width = Int(name[digits...]), [2, 3, 4, 8, 16].contains(width) else { return nil }
            scalar = name[..<digits]
            lanes = width
        }
        guard let (kind, bytes) = Self.scalars[String(scalar)] else { return nil }
        self.kind = kind
        self.scalarBytes = bytes
        self.lanes = lanes
        self.scalarName = String(scalar)
    }

    /// Whether data of this type may be read as `other` without a cast in the kernel: the same scalar size and
    /// kind, where signed and unsigned integers count as one kind (OpenCL lets a kernel reinterpret either).
    func sharesScalar(with other: OpenCLType) -> Bool {
        guard scalarBytes == other.scalarBytes else { return false }
        return kind == other.kind || (kind != .floatingPoint && other.kind != .floatingPoint)
    }

    var isInteger: Bool { kind != .floatingPoint }
}
