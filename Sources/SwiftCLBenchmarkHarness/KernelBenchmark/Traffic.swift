/// What one run of a variant moves and computes, so the harness can report GB/s and GFLOP/s: bytes read and
/// written from global memory, as the kernel's design intends (not counting cache hits it cannot see), and FLOPs.
public struct Traffic: Hashable, Sendable, Codable {
    public let bytesRead: Int
    public let bytesWritten: Int
    /// Floating-point operations per run, when declared.
    public let flops: Int?

    public init(bytesRead: Int, bytesWritten: Int, flops: Int? = nil) {
        self.bytesRead = bytesRead
        self.bytesWritten = bytesWritten
        self.flops = flops
    }

    /// `elements` work-items each reading `read` and writing `written` bytes and doing `flops` operations.
    public static func perElement(_ elements: Int, read: Int, written: Int, flops: Int? = nil) -> Traffic {
        Traffic(bytesRead: elements * read, bytesWritten: elements * written, flops: flops.map { $0 * elements })
    }

    public var bytes: Int { bytesRead + bytesWritten }
}
