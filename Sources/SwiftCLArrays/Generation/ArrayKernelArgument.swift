import SwiftCL

/// What a user ``ElementwiseKernel`` or ``ReductionKernel`` accepts as an argument: a ``DeviceArray`` (bound as its
/// buffer, or a sub-buffer for a view), a ``Buffer``, or a scalar.
public protocol ArrayKernelArgument {
    /// The argument as SwiftCL binds it.
    func boundArgument() throws -> any KernelArgument
    /// The elements a kernel may index (an array's or buffer's count), or nil for a scalar: a launch over more
    /// indices than an argument used as `name[i]` has is refused.
    var elementCount: Int? { get }
}

extension ArrayKernelArgument {
    public var elementCount: Int? { nil }
}

extension DeviceArray: ArrayKernelArgument {
    public func boundArgument() throws -> any KernelArgument { try buffer() }
    public var elementCount: Int? { count }
}

extension Buffer: ArrayKernelArgument {
    public func boundArgument() throws -> any KernelArgument { self }
    public var elementCount: Int? { count }
}

extension Float: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Double: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Float16: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Int8: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension UInt8: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Int16: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension UInt16: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Int32: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension UInt32: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension Int64: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension UInt64: ArrayKernelArgument { public func boundArgument() -> any KernelArgument { self } }
extension SIMD2: ArrayKernelArgument where Scalar: ArrayElement { public func boundArgument() -> any KernelArgument { self } }
extension SIMD3: ArrayKernelArgument where Scalar: ArrayElement { public func boundArgument() -> any KernelArgument { self } }
extension SIMD4: ArrayKernelArgument where Scalar: ArrayElement { public func boundArgument() -> any KernelArgument { self } }
extension SIMD8: ArrayKernelArgument where Scalar: ArrayElement { public func boundArgument() -> any KernelArgument { self } }
extension SIMD16: ArrayKernelArgument where Scalar: ArrayElement { public func boundArgument() -> any KernelArgument { self } }
