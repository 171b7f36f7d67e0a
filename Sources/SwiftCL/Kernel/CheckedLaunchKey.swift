/// What a launch's checks read, remembered by a kernel for its next launch without keeping any argument alive (only
/// the device is held): the device, the range and, for each argument, a memory object's identity (address and
/// ``ObjectSerial`` number) and element type, by-value bytes' size and type name, a local size. Every check of a launch (context, parameter types,
/// `const`-ness, sizes, local memory, work-group limits) depends only on these, so a launch with an equal key passes
/// them again. Integers are converted on every launch (the conversion depends on the value); a mapped object is
/// looked for on every launch (the encoder's state); samplers are not remembered.
struct CheckedLaunchKey: Sendable {
    enum Argument: Sendable, Equatable {
        case memory(ObjectIdentifier, serial: UInt64, elementTypeName: String?)
        case bytes(count: Int, typeName: String?)
        case local(byteCount: Int?, elementTypeName: String?)
        case integer
        case null

        /// The key of `value`, or nil for one that is not remembered (a sampler).
        init?(_ value: KernelArgumentValue) {
            switch value.storage {
            case let .memory(object, element): self = .memory(ObjectIdentifier(object), serial: object.serial, elementTypeName: element)
            case let .bytes(bytes, typeName): self = .bytes(count: bytes.count, typeName: typeName)
            case let .local(byteCount, element): self = .local(byteCount: byteCount, elementTypeName: element)
            case .integer: self = .integer
            case .null: self = .null
            case .sampler, .svm: return nil
            }
        }

        /// Whether `value` has this key (compared in place, without building one).
        func matches(_ value: KernelArgumentValue) -> Bool {
            switch (self, value.storage) {
            case let (.memory(identity, serial, element), .memory(object, objectElement)):
                identity == ObjectIdentifier(object) && serial == object.serial && element == objectElement
            case let (.bytes(count, typeName), .bytes(bytes, valueTypeName)): count == bytes.count && typeName == valueTypeName
            case let (.local(byteCount, element), .local(valueByteCount, valueElement)): byteCount == valueByteCount && element == valueElement
            case (.integer, .integer), (.null, .null): true
            default: false
            }
        }
    }

    /// Held, not compared by address: a device at a freed one's address must not match.
    let device: Device
    let range: NDRange
    let arguments: [Argument]
    /// The checked launch's local size (nil: the runtime chooses).
    let localSize: SIMD3<Int>?

    /// The key of a launch on `device` over `range` whose arguments have `arguments` as keys and that passed every
    /// check with `localSize`.
    init(device: Device, range: NDRange, arguments: [Argument], localSize: SIMD3<Int>?) {
        self.device = device
        self.range = range
        self.arguments = arguments
        self.localSize = localSize
    }

    /// The keys of `values` (as given, before integers are converted), or nil when one is not remembered.
    static func arguments(of values: [KernelArgumentValue]) -> [Argument]? {
        var arguments: [Argument] = []
        arguments.reserveCapacity(values.count)
        for value in values {
            guard let key = Argument(value) else { return nil }
            arguments.append(key)
        }
        return arguments
    }

    /// Whether a launch on `device` over `range` with `values` (as given, before integers are converted) has this key.
    func matches(device: Device, range: NDRange, arguments values: [KernelArgumentValue]) -> Bool {
        guard self.device === device, self.range == range, arguments.count == values.count else { return false }
        for index in values.indices where !arguments[index].matches(values[index]) { return false }
        return true
    }
}
