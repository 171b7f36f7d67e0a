/// A value that can be passed to a kernel: buffers, scalars and vectors, ``LocalMemory``.
public protocol KernelArgument {
    /// How the value binds to a kernel parameter.
    var kernelArgument: KernelArgumentValue { get }
}

/// How one argument binds to a kernel parameter. Memory objects bind their handle (kept alive until the
/// launch completes), scalars their bytes, local memory its size.
public struct KernelArgumentValue: KernelArgument {
    enum Storage {
        case memory(MemoryObject, elementTypeName: String?)
        case bytes(ArgumentBytes, typeName: String?)
        /// `byteCount` is nil when the size does not fit in `Int` (refused at launch).
        case local(byteCount: Int?, elementTypeName: String?)
        case sampler(Sampler)
        /// A shared virtual memory address: an allocation and a byte offset into it.
        case svm(any SVMAllocation, byteOffset: Int, elementTypeName: String?)
        /// An integer of any Swift type, converted to the parameter's integer type when the launch checks it.
        case integer(IntegerValue)
        /// A NULL `global` or `constant` pointer.
        case null
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// Whether `other` binds exactly as this value does, so a launch check that passed for one passes for the other:
    /// the same memory object or sampler (identity) with the same element type, the same scalar bytes and type name,
    /// a NULL pointer. Local sizes and integers still to be converted are never treated as the same (they are checked
    /// on every launch).
    func bindsLike(_ other: KernelArgumentValue) -> Bool {
        switch (storage, other.storage) {
        case let (.memory(a, typeA), .memory(b, typeB)): return a === b && typeA == typeB
        case let (.bytes(a, typeA), .bytes(b, typeB)): return typeA == typeB && a.sameBytes(as: b)
        case let (.sampler(a), .sampler(b)): return a === b
        case let (.svm(a, offsetA, typeA), .svm(b, offsetB, typeB)): return a === b && offsetA == offsetB && typeA == typeB
        case (.null, .null): return true
        default: return false
        }
    }

    /// Itself, so a prepared value (``value(_:typeName:)``) can be passed to a launch like any argument.
    public var kernelArgument: KernelArgumentValue { self }

    /// A by-value argument of any bitwise-copyable type (a struct matching an OpenCL struct, say), as C's
    /// `sizeof` counts it: its bytes followed by zeros up to its stride (a Swift struct's trailing padding is part of
    /// the C struct's size). `typeName`, when given, is checked against the parameter's declared type.
    public static func value<T: BitwiseCopyable>(_ value: T, typeName: String? = nil) -> KernelArgumentValue {
        KernelArgumentValue(.bytes(ArgumentBytes(of: value, count: MemoryLayout<T>.stride), typeName: typeName))
    }

    /// The bytes of `value` for a by-value parameter (padded to its stride, as ``value(_:typeName:)``), deliberately
    /// unchecked against its type: only the size must match (a wrong size is always a mistake; for a struct the
    /// source defines, the size by OpenCL C's layout rules). The escape for passing, say, a `Float`'s bits to an `int`.
    public static func unchecked<T: BitwiseCopyable>(_ value: T) -> KernelArgumentValue {
        KernelArgumentValue(.bytes(ArgumentBytes(of: value, count: MemoryLayout<T>.stride), typeName: nil))
    }

    /// An integer of any Swift type, bound as the parameter's integer type (`char` … `ulong`, `size_t`) with a checked
    /// conversion at launch: a value that does not fit throws
    /// ``SwiftCLError/integerOutOfRange(kernel:index:parameter:value:type:range:)`` naming the range. Generated
    /// typed kernels pass their integer parameters (`some BinaryInteger`) this way.
    public static func integer(_ value: some BinaryInteger) -> KernelArgumentValue {
        KernelArgumentValue(.integer(IntegerValue(value)))
    }

    /// A NULL pointer for a `global` or `constant` pointer parameter (refused for any other parameter).
    /// `Optional` buffers bind as this when nil.
    public static var null: KernelArgumentValue { KernelArgumentValue(.null) }

    /// Whether the value is an integer still to be converted to its parameter's type.
    var isInteger: Bool {
        if case .integer = storage { true } else { false }
    }

    /// The object a launch must keep alive until it completes (a memory object or a sampler), if any, of the value at
    /// `index`. Read in place: a property of the value would copy it first (retaining and releasing its type names).
    static func retainedObject(at index: Int, in values: [KernelArgumentValue]) -> AnyObject? {
        switch values[index].storage {
        case let .memory(object, _): object
        case let .sampler(sampler): sampler
        case let .svm(allocation, _, _): allocation
        case .bytes, .local, .integer, .null: nil
        }
    }

    /// How error messages describe what was given.
    var summary: String {
        switch storage {
        case let .memory(object, element): "\(object.kindDescription) of \(element ?? "unknown elements")"
        case let .bytes(bytes, typeName): "value of type \(typeName ?? "unknown") (\(bytes.count) bytes)"
        case let .local(byteCount, element):
            "local memory of \(byteCount.map { "\($0) bytes" } ?? "more bytes than Int holds") of \(element ?? "unknown elements")"
        case .sampler: "a Sampler"
        case let .svm(_, byteOffset, element): "an SVM pointer (byte offset \(byteOffset)) to \(element ?? "unknown elements")"
        case let .integer(value): "integer \(value)"
        case .null: "a null pointer"
        }
    }
}

/// A scalar or vector type with an OpenCL C name, passed by value (`float`, `int4`, ...).
public protocol KernelScalar: KernelArgument {
    /// The OpenCL C spelling of the type.
    static var openCLTypeName: String { get }
}

extension KernelScalar {
    public var kernelArgument: KernelArgumentValue {
        KernelArgumentValue(.bytes(ArgumentBytes(of: self), typeName: Self.openCLTypeName))
    }
}

extension Float: KernelScalar { public static var openCLTypeName: String { "float" } }
extension Double: KernelScalar { public static var openCLTypeName: String { "double" } }
extension Int8: KernelScalar { public static var openCLTypeName: String { "char" } }
extension UInt8: KernelScalar { public static var openCLTypeName: String { "uchar" } }
extension Int16: KernelScalar { public static var openCLTypeName: String { "short" } }
extension UInt16: KernelScalar { public static var openCLTypeName: String { "ushort" } }
extension Int32: KernelScalar { public static var openCLTypeName: String { "int" } }
extension UInt32: KernelScalar { public static var openCLTypeName: String { "uint" } }
extension Int64: KernelScalar { public static var openCLTypeName: String { "long" } }
extension UInt64: KernelScalar { public static var openCLTypeName: String { "ulong" } }
extension Float16: KernelScalar { public static var openCLTypeName: String { "half" } }

/// An `Int` binds as the parameter's integer type (`char` … `ulong`, `size_t`), checked: a value that does not
/// fit throws ``SwiftCLError/integerOutOfRange(kernel:index:parameter:value:type:range:)`` naming the range.
extension Int: KernelArgument {
    public var kernelArgument: KernelArgumentValue { .integer(self) }
}

/// An optional argument: its value, or a NULL pointer when nil (accepted for `global`/`constant` pointers only).
extension Optional: KernelArgument where Wrapped: KernelArgument {
    public var kernelArgument: KernelArgumentValue { self?.kernelArgument ?? .null }
}

extension SIMD2: KernelArgument, KernelScalar where Scalar: KernelScalar {
    public static var openCLTypeName: String { "\(Scalar.openCLTypeName)2" }
}
extension SIMD3: KernelArgument, KernelScalar where Scalar: KernelScalar {
    public static var openCLTypeName: String { "\(Scalar.openCLTypeName)3" }
}
extension SIMD4: KernelArgument, KernelScalar where Scalar: KernelScalar {
    public static var openCLTypeName: String { "\(Scalar.openCLTypeName)4" }
}
extension SIMD8: KernelArgument, KernelScalar where Scalar: KernelScalar {
    public static var openCLTypeName: String { "\(Scalar.openCLTypeName)8" }
}
extension SIMD16: KernelArgument, KernelScalar where Scalar: KernelScalar {
    public static var openCLTypeName: String { "\(Scalar.openCLTypeName)16" }
}

/// A `local` pointer parameter: only its size is passed; each work-group gets its own copy.
public struct LocalMemory<Element>: KernelArgument {
    /// Elements per work-group.
    public let count: Int

    public init(count: Int) { self.count = count }

    public var kernelArgument: KernelArgumentValue {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        return KernelArgumentValue(.local(byteCount: overflow ? nil : bytes,
                                          elementTypeName: (Element.self as? any KernelScalar.Type)?.openCLTypeName))
    }
}
