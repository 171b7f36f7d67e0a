import SwiftCL
import SwiftCLValidation

/// One kernel argument's host data, of any element type a kernel reads or writes (scalars, SIMD vectors), with what
/// the harness needs to upload it, read it back and compare it, whatever the type.
public struct HostArray: Sendable {
    public let count: Int
    /// Bytes of one element (its stride).
    public let elementBytes: Int
    /// The element type's name, for reports.
    public let elementType: String
    let values: any Sendable
    private(set) var upload: @Sendable (Context) throws -> MemoryObject
    private(set) var restore: @Sendable (ComputeEncoder, MemoryObject) throws -> Void
    private(set) var download: @Sendable (ComputeEncoder, MemoryObject) throws -> HostArray
    /// Compares this array (the actual output) with `expected` under a tolerance.
    let compare: @Sendable (_ expected: HostArray, _ output: String, Tolerance) -> OutputComparison

    public init<Element: ValidatedElement & BitwiseCopyable>(_ values: [Element]) {
        count = values.count
        elementBytes = MemoryLayout<Element>.stride
        elementType = "\(Element.self)"
        self.values = values
        upload = { context in try Buffer(copying: values, context: context) }
        restore = { cl, object in
            guard let buffer = object as? Buffer<Element> else { return }
            try cl.write(buffer, from: values)
        }
        download = { cl, object in
            guard let buffer = object as? Buffer<Element> else { throw BenchmarkError.argumentType(name: "?", expected: "\(Element.self)") }
            return HostArray(try cl.read(buffer))
        }
        compare = { expected, output, tolerance in
            guard let reference = expected.values as? [Element] else {
                return OutputComparison(output: output, actual: values, expected: [Element](), tolerance: tolerance)
            }
            return OutputComparison(output: output, actual: values, expected: reference, tolerance: tolerance)
        }
    }

    /// An image of `width × height` pixels in `format`, for kernels that take `image2d_t`: `values` hold every pixel's
    /// channels in row order. It is uploaded as an ``SwiftCL/Image``, rewritten in place with an image write, and read
    /// back as its pixels' channels for comparison.
    public static func image<Element: ValidatedElement & BitwiseCopyable>(_ values: [Element], format: ImageFormat, width: Int,
                                                                          height: Int) -> HostArray {
        var array = HostArray(values)
        array.upload = { context in try Image(format: format, width: width, height: height, copying: values, context: context) }
        array.restore = { cl, object in
            guard let image = object as? Image else { return }
            try cl.write(image, from: values)
        }
        array.download = { cl, object in
            guard let image = object as? Image else { throw BenchmarkError.argumentType(name: "?", expected: "Image") }
            return HostArray(try cl.read(image, as: Element.self))
        }
        return array
    }

    /// The values, if they are of type `Element`.
    public func values<Element>(as _: Element.Type) -> [Element]? { values as? [Element] }
}

/// The named arrays of one problem: the kernel's arguments in the order the caller gave them.
public struct HostArrays: Sendable {
    public private(set) var names: [String] = []
    private var arrays: [String: HostArray] = [:]

    public init() {}

    /// `name` set to `values` (replacing an array of that name).
    public mutating func set<Element: ValidatedElement & BitwiseCopyable>(_ name: String, _ values: [Element]) {
        set(name, HostArray(values))
    }

    public mutating func set(_ name: String, _ array: HostArray) {
        if arrays[name] == nil { names.append(name) }
        arrays[name] = array
    }

    public subscript(name: String) -> HostArray? { arrays[name] }

    /// The values of `name` as `Element`s.
    /// - Throws: ``BenchmarkError/argumentType(name:expected:)`` when there is no such array of that type.
    public func values<Element>(_ name: String, as type: Element.Type) throws -> [Element] {
        guard let values = arrays[name]?.values(as: type) else { throw BenchmarkError.argumentType(name: name, expected: "\(type)") }
        return values
    }
}

/// The device buffers of one problem, by the names of its ``HostArrays``, for a variant's encode closure.
public struct BenchmarkBuffers {
    let objects: [String: MemoryObject]

    /// The buffer named `name`, typed.
    /// - Throws: ``BenchmarkError/argumentType(name:expected:)`` when there is no such buffer of that element type.
    public func buffer<Element>(_ name: String, as type: Element.Type = Element.self) throws -> Buffer<Element> {
        guard let buffer = objects[name] as? Buffer<Element> else {
            throw BenchmarkError.argumentType(name: name, expected: "Buffer<\(type)>")
        }
        return buffer
    }

    /// The image named `name` (an array made with ``HostArray/image(_:format:width:height:)``).
    /// - Throws: ``BenchmarkError/argumentType(name:expected:)`` when there is no such image.
    public func image(_ name: String) throws -> Image {
        guard let image = objects[name] as? Image else { throw BenchmarkError.argumentType(name: name, expected: "Image") }
        return image
    }

    /// The buffer named `name` as a kernel argument, whatever its element type.
    /// - Throws: ``BenchmarkError/argumentType(name:expected:)`` when there is no such buffer.
    public func argument(_ name: String) throws -> any KernelArgument {
        guard let argument = objects[name] as? any KernelArgument else {
            throw BenchmarkError.argumentType(name: name, expected: "a buffer")
        }
        return argument
    }
}
