/// What a ``ComputeQueue`` remembers of the last launch a closure checked, for the next closure: its kernel, range,
/// local size and arguments, with every object held weakly, so remembering never keeps a buffer, sampler or kernel
/// alive. A closure whose first launch matches it (the enqueue-and-wait loop: one launch per `sync`) binds what was
/// checked instead of checking again; if any object has gone away it is forgotten.
struct RememberedLaunch: Sendable {
    private struct Weak<Object: AnyObject & Sendable>: Sendable {
        weak var object: Object?
    }

    private enum Argument: Sendable {
        case memory(Weak<MemoryObject>, elementTypeName: String?)
        case bytes(ArgumentBytes, typeName: String?)
        case sampler(Weak<Sampler>)
        case null
    }

    private let kernel: Weak<Kernel>?
    private let range: NDRange?
    private let local: SIMD3<Int>?
    private let arguments: [Argument]
    /// The kernel object of the last checked launch (launches are remembered from the second in a row).
    let previousKernel: ObjectIdentifier?

    /// Remembers `checked` (nil: only the previous kernel); a launch with an argument of another kind (an integer still
    /// to be converted, local memory) is not remembered.
    init(_ checked: ComputeEncoder.CheckedLaunch?, previousKernel: ObjectIdentifier?) {
        self.previousKernel = previousKernel
        var arguments: [Argument] = []
        for value in checked?.bound ?? [] {
            switch value.storage {
            case let .memory(object, element): arguments.append(.memory(Weak(object: object), elementTypeName: element))
            case let .bytes(bytes, typeName): arguments.append(.bytes(bytes, typeName: typeName))
            case let .sampler(sampler): arguments.append(.sampler(Weak(object: sampler)))
            case .null: arguments.append(.null)
            case .local, .integer: arguments = []
            }
            if arguments.isEmpty { break }
        }
        let complete = checked.map { arguments.count == $0.bound.count } ?? false
        kernel = complete ? checked.map { Weak(object: $0.kernel) } : nil
        range = complete ? checked?.range : nil
        local = checked?.local
        self.arguments = complete ? arguments : []
    }

    /// The remembered launch with strong references again, or nil when nothing is remembered or an object is gone.
    func restored() -> ComputeEncoder.CheckedLaunch? {
        guard let kernel = kernel?.object, let range else { return nil }
        var values: [KernelArgumentValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            switch argument {
            case let .memory(reference, element):
                guard let object = reference.object else { return nil }
                values.append(KernelArgumentValue(.memory(object, elementTypeName: element)))
            case let .bytes(bytes, typeName): values.append(KernelArgumentValue(.bytes(bytes, typeName: typeName)))
            case let .sampler(reference):
                guard let sampler = reference.object else { return nil }
                values.append(KernelArgumentValue(.sampler(sampler)))
            case .null: values.append(KernelArgumentValue(.null))
            }
        }
        return ComputeEncoder.CheckedLaunch(kernel: kernel, range: range, given: values, bound: values, local: local)
    }
}
