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
        case bytes([UInt8], typeName: String?)
        case local(byteCount: Int, elementTypeName: String?)
        case sampler(Sampler)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// Itself, so a prepared value (``value(_:typeName:)``) can be passed to a launch like any argument.
    public var kernelArgument: KernelArgumentValue { self }

    /// A by-value argument of any bitwise-copyable type (a struct matching an OpenCL struct, say).
    /// `typeName`, when given, is checked against the parameter's declared type.
    public static func value<T: BitwiseCopyable>(_ value: T, typeName: String? = nil) -> KernelArgumentValue {
        let bytes = withUnsafeBytes(of: value) { Array($0) }
        return KernelArgumentValue(.bytes(bytes, typeName: typeName))
    }

    /// The object a launch must keep alive until it completes (a memory object or a sampler), if any.
    var retainedObject: AnyObject? {
        switch storage {
        case let .memory(object, _): object
        case let .sampler(sampler): sampler
        case .bytes, .local: nil
        }
    }

    /// How error messages describe what was given.
    var summary: String {
        switch storage {
        case let .memory(object, element): "\(object.kindDescription) of \(element ?? "unknown elements")"
        case let .bytes(bytes, typeName): "value of type \(typeName ?? "unknown") (\(bytes.count) bytes)"
        case let .local(byteCount, element): "local memory of \(byteCount) bytes of \(element ?? "unknown elements")"
        case .sampler: "a Sampler"
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
        KernelArgumentValue(.bytes(withUnsafeBytes(of: self) { Array($0) }, typeName: Self.openCLTypeName))
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
        return KernelArgumentValue(.local(byteCount: overflow ? -1 : bytes,
                                          elementTypeName: (Element.self as? any KernelScalar.Type)?.openCLTypeName))
    }
}

/// Byte sizes of OpenCL C's built-in scalar and vector types (3-vectors take the room of 4).
func openCLTypeSize(_ name: String) -> Int? {
    openCLTypeSizes[name]
}

/// Every built-in scalar and vector type name with its size, built once.
private let openCLTypeSizes: [String: Int] = {
    let scalars: [String: Int] = [
        "char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "long": 8, "ulong": 8,
        "half": 2, "float": 4, "double": 8,
    ]
    var sizes = scalars
    for (name, size) in scalars {
        for width in [2, 3, 4, 8, 16] {
            sizes["\(name)\(width)"] = size * (width == 3 ? 4 : width)
        }
    }
    return sizes
}()
