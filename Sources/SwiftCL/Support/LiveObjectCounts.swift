/// How many OpenCL objects SwiftCL currently owns, by kind: a leak check for services and tests.
///
/// Each count goes up when SwiftCL creates (or takes ownership of) an OpenCL object and down when it
/// releases it. Shared contexts live for the whole process and count as live.
public struct LiveObjectCounts: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of object counted.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case context, program, kernel, queue, memoryObject = "memory object", sampler, subDevice = "sub-device"
        case svmBuffer = "SVM buffer", commandRecording = "command recording"
    }

    /// Live objects by kind (kinds with none are absent).
    public let counts: [Kind: Int]

    /// The live objects of one kind.
    public subscript(kind: Kind) -> Int { counts[kind] ?? 0 }

    /// The counts at this moment.
    public static var current: LiveObjectCounts { LiveObjectCounts(counts: live.withLock { $0 }) }

    public var description: String {
        Kind.allCases.map { "\($0.rawValue): \(self[$0])" }.joined(separator: ", ")
    }

    private static let live = Locked<[Kind: Int]>([:])

    static func track(_ kind: Kind, _ change: Int) {
        live.withLock { $0[kind, default: 0] += change }
    }
}
