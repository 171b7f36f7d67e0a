/// What the runtime reports about one kernel parameter (`clGetKernelArgInfo`).
public struct KernelParameter: Hashable, Sendable, CustomStringConvertible {
    /// The address space of a parameter.
    public enum AddressSpace: String, Hashable, Sendable {
        case global, local, constant, `private`
    }

    /// The parameter's name in the source.
    public let name: String
    /// The declared type as the runtime spells it ("float*", "int", "float4*").
    public let typeName: String
    /// Its address space (`private` for by-value arguments).
    public let addressSpace: AddressSpace
    /// Whether the pointee is `const`.
    public let isConst: Bool

    /// The type with any pointer star removed ("float" for "float*").
    public let pointeeTypeName: String

    package init(name: String, typeName: String, addressSpace: AddressSpace, isConst: Bool) {
        self.name = name
        self.typeName = typeName
        self.addressSpace = addressSpace
        self.isConst = isConst
        pointeeTypeName = String(typeName.reversed().drop(while: { $0 == "*" || $0 == " " }).reversed())
    }

    /// Whether the parameter is a pointer (a buffer or local memory).
    public var isPointer: Bool { typeName.hasSuffix("*") }

    public var description: String {
        let space = addressSpace == .private ? "" : "\(addressSpace.rawValue) "
        return "\(space)\(isConst ? "const " : "")\(typeName) \(name)"
    }
}
