extension KernelCore {
    /// Checks one argument against the parameter the runtime reports (or the program recorded), before
    /// anything is bound.
    func checkArgument(_ argument: KernelArgumentValue, at index: Int) throws {
        guard let parameters else { return }
        let parameter = parameters[index]
        func mismatch(_ expected: String) -> SwiftCLError {
            .argumentType(kernel: name, index: index, parameter: parameter.name, expected: expected, given: argument.summary)
        }
        let pointee = parameter.pointeeTypeName
        let pointeeKnown = parameter.knownSize != nil
        if parameter.typeName.hasPrefix("image") {
            guard case let .memory(object, _) = argument.storage, let image = object as? Image else {
                throw mismatch("an Image (\(parameter))")
            }
            if image.kind.openCLTypeName != parameter.typeName {
                throw mismatch("an Image of kind \(parameter.typeName), not \(image.kind)")
            }
            return
        }
        if parameter.typeName == "sampler_t" {
            guard case .sampler = argument.storage else { throw mismatch("a Sampler (\(parameter))") }
            return
        }
        if case let .memory(object, _) = argument.storage, object is Image {
            throw mismatch("a buffer, not an Image (\(parameter))")
        }
        switch (parameter.addressSpace, argument.storage) {
        case (.global, let .memory(object, element)), (.constant, let .memory(object, element)):
            if pointeeKnown, let element, element != pointee {
                throw mismatch("a buffer of \(pointee) (\(parameter))")
            }
            if object.declaredKernelAccess == .readOnly, !parameter.isConst {
                throw mismatch("a buffer the kernel may write: \(parameter) is not const but the buffer was created "
                    + ".readOnly (declare the parameter const, or create the buffer .readWrite)")
            }
        case (.local, let .local(_, element)):
            // A positive size is checked by the launch for every kernel, with or without parameters.
            if pointeeKnown, let element, element != pointee {
                throw mismatch("local memory of \(pointee) (\(parameter))")
            }
        case (.private, let .bytes(bytes, typeName)):
            if let size = parameter.knownSize {
                if bytes.count != size || (typeName != nil && typeName != parameter.typeName) {
                    throw mismatch("a \(parameter.typeName) value (\(size) bytes)")
                }
            }
        case (.global, _), (.constant, _):
            throw mismatch("a buffer (\(parameter))")
        case (.local, _):
            throw mismatch("LocalMemory (\(parameter))")
        case (.private, _):
            throw mismatch("a \(parameter.typeName) value")
        }
    }
}
