import OpenCLSource

extension KernelCore {
    /// Checks one argument against the parameter the runtime reports (or the program recorded) before anything
    /// is bound, and returns what to bind: the argument itself, or an integer converted to the parameter's integer
    /// type. The rules are written down in the DocC article "Kernel arguments".
    func resolveArgument(_ argument: KernelArgumentValue, at index: Int, addressBits: Int) throws -> KernelArgumentValue {
        guard let parameters else {
            if case .integer = argument.storage {
                throw SwiftCLError.argumentType(
                    kernel: name, index: index, parameter: "#\(index)",
                    expected: "a sized integer (Int32, UInt64, …): the program reports no parameter types to convert an integer to",
                    given: argument.summary)
            }
            return argument
        }
        let parameter = parameters[index]
        func mismatch(_ expected: String) -> SwiftCLError {
            .argumentType(kernel: name, index: index, parameter: parameter.name, expected: expected, given: argument.summary)
        }
        if parameter.typeName.hasPrefix("image") {
            guard case let .memory(object, _) = argument.storage, let image = object as? Image else {
                throw mismatch("an Image (\(parameter))")
            }
            if image.kind.openCLTypeName != parameter.typeName {
                throw mismatch("an Image of kind \(parameter.typeName), not \(image.kind)")
            }
            return argument
        }
        if parameter.typeName == "sampler_t" {
            guard case .sampler = argument.storage else { throw mismatch("a Sampler (\(parameter))") }
            return argument
        }
        if case let .memory(object, _) = argument.storage, object is Image {
            throw mismatch("a buffer, not an Image (\(parameter))")
        }
        let (pointee, declaredType) = parameterTypes[index]
        switch (parameter.addressSpace, argument.storage) {
        case (.global, let .memory(object, element)), (.constant, let .memory(object, element)):
            try checkData(element, bytes: object.byteCount, against: pointee, parameter, what: "a buffer", mismatch)
            if object.declaredKernelAccess == .readOnly, !parameter.isConst {
                throw mismatch("a buffer the kernel may write: \(parameter) is not const but the buffer was created "
                    + ".readOnly (declare the parameter const, or create the buffer .readWrite)")
            }
        case (.global, let .svm(allocation, byteOffset, element)), (.constant, let .svm(allocation, byteOffset, element)):
            try checkData(element, bytes: allocation.byteCount - byteOffset, against: pointee, parameter, what: "SVM memory", mismatch)
        case (.global, .null), (.constant, .null):
            break
        case (.local, let .local(byteCount, element)):
            // A positive size is checked by the launch for every kernel, with or without parameters.
            try checkData(element, bytes: byteCount ?? Int.max, against: pointee, parameter, what: "local memory", mismatch)
        case (.private, let .bytes(bytes, typeName)):
            guard let declared = declaredType else {
                // A struct the source lays out must get exactly its bytes (drivers accept any size for a struct).
                if let size = structSizes[index], bytes.count != size {
                    throw mismatch("\(size) bytes for \(parameter) (the struct's size by OpenCL C's layout rules); "
                        + "the value has \(bytes.count)")
                }
                break
            }
            if bytes.count != declared.byteSize {
                throw mismatch("a \(declared) value (\(declared.byteSize) bytes)")
            }
            if let typeName, typeName != parameter.typeName, let given = OpenCLType(name: typeName),
               !given.sharesScalar(with: declared) || given.lanes != declared.lanes {
                // Name what differs: the kind of scalar (an Int32 for a float), its size, or the vector width;
                // signedness is mentioned only where it is the one thing that may differ (integers of one size).
                let detail = declared.kind.word == given.kind.word
                    ? "\(declared.kind.word) of \(declared.scalarBytes) bytes\(declared.lanes > 1 ? " × \(declared.lanes) lanes" : "")"
                        + (declared.kind.word == "integer" ? ", either signedness" : "")
                    : "\(declared.kind.word == "integer" ? "an integer" : "a floating-point value"), not "
                        + "\(given.kind.word == "integer" ? "an integer" : "a floating-point value")"
                throw mismatch("a \(declared) value (\(detail)); KernelArgumentValue.unchecked(_:) binds other bytes of the same size deliberately")
            }
        case (.private, let .integer(value)):
            return try converted(value, to: parameter, addressBits: addressBits, index: index, mismatch)
        case (.global, _), (.constant, _):
            throw mismatch("a buffer (\(parameter))")
        case (.local, _):
            throw mismatch("LocalMemory (\(parameter))")
        case (.private, _):
            throw mismatch("a \(parameter.typeName) value")
        }
        return argument
    }

    /// The data rule for pointers: the element type shares the pointee's scalar (kind and size; integers of
    /// either signedness; any vector width), and there is room for at least one pointee.
    private func checkData(_ element: String?, bytes: Int, against pointee: OpenCLType?, _ parameter: KernelParameter,
                           what: String, _ mismatch: (String) -> SwiftCLError) throws {
        guard let pointee else { return }
        // The common case, the element type spelled exactly as the pointee, needs no parsing.
        if let element, element != parameter.pointeeTypeName, let type = OpenCLType(name: element), !type.sharesScalar(with: pointee) {
            throw mismatch("\(what) of \(pointee) (\(parameter)): \(pointee.kind.word) data of \(pointee.scalarBytes)-byte scalars, "
                + "any vector width\(pointee.isInteger ? ", either signedness" : ""); reinterpreted(as:) passes other data deliberately")
        }
        if bytes < pointee.byteSize {
            throw mismatch("\(what) of at least one \(pointee) (\(pointee.byteSize) bytes) for \(parameter); it holds \(bytes) bytes")
        }
    }

    /// An integer as the parameter's integer type, or an error naming the value and the type's range.
    private func converted(_ value: IntegerValue, to parameter: KernelParameter, addressBits: Int, index: Int,
                           _ mismatch: (String) -> SwiftCLError) throws -> KernelArgumentValue {
        func bytes<T: FixedWidthInteger>(_: T.Type) throws -> KernelArgumentValue {
            guard let exact = value.exactly(T.self) else {
                throw SwiftCLError.integerOutOfRange(kernel: name, index: index, parameter: parameter.name, value: value.description,
                                                     type: parameter.typeName, range: "\(T.min)...\(T.max)")
            }
            return KernelArgumentValue(.bytes(ArgumentBytes(of: exact), typeName: parameter.typeName))
        }
        let addressSized = ["size_t": OpenCLType.Kind.unsignedInteger, "uintptr_t": .unsignedInteger,
                            "ptrdiff_t": .signedInteger, "intptr_t": .signedInteger]
        let target: (kind: OpenCLType.Kind, bytes: Int)
        if let kind = addressSized[parameter.typeName] {
            target = (kind, addressBits / 8)
        } else if let type = OpenCLType(name: parameter.typeName), type.isInteger, type.lanes == 1 {
            target = (type.kind, type.scalarBytes)
        } else {
            throw mismatch("a \(parameter.typeName) value (an integer converts only to an integer scalar parameter)")
        }
        switch (target.kind, target.bytes) {
        case (.signedInteger, 1): return try bytes(Int8.self)
        case (.signedInteger, 2): return try bytes(Int16.self)
        case (.signedInteger, 4): return try bytes(Int32.self)
        case (.signedInteger, _): return try bytes(Int64.self)
        case (_, 1): return try bytes(UInt8.self)
        case (_, 2): return try bytes(UInt16.self)
        case (_, 4): return try bytes(UInt32.self)
        default: return try bytes(UInt64.self)
        }
    }
}

extension OpenCLType.Kind {
    /// How messages name the kind.
    var word: String {
        switch self {
        case .signedInteger, .unsignedInteger: "integer"
        case .floatingPoint: "floating-point"
        }
    }
}
