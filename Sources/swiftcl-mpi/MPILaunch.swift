import ArgumentParser
import Foundation
import SwiftCLMPI

/// Refuses to run outside mpirun, where a lone process would be its own world and prove nothing.
func requireLaunchedByMPI() throws {
    guard MPI.isLaunchedByMPI else {
        throw ValidationError("swiftcl-mpi runs under MPI: start it as `mpirun -np N swiftcl-mpi …` (see README, Scaling out)")
    }
}

/// Reports a failure on this rank to standard error, naming the rank, and aborts the job (every rank ends; none waits
/// for this one in a collective).
func failRank(_ world: Communicator?, _ message: String) -> Never {
    FileHandle.standardError.write(Data("rank \(world.map { String($0.rank) } ?? "?"): FAILED: \(message)\n".utf8))
    MPI.abort(exitCode: 1)
}

/// This machine's host name.
func currentHostName() -> String {
    var host = [CChar](repeating: 0, count: 256)
    gethostname(&host, host.count)
    return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension Communicator {
    /// Every rank's `count`, in rank order, on every rank.
    func allGatherLengths(_ count: Int) throws -> [Int] {
        try allGather([Int64(count)]).map { Int($0) }
    }

    /// Every rank's `text` (up to 255 UTF-8 bytes), in rank order, on every rank.
    func allGather(_ text: String) throws -> [String] {
        var bytes = Array(text.utf8.prefix(255))
        bytes += [UInt8](repeating: 0, count: 256 - bytes.count)
        let all = try allGather(bytes)
        return stride(from: 0, to: all.count, by: 256).map { start in
            String(decoding: all[start..<(start + 256)].prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Every rank's `items` on rank `root`, in rank order (sent as JSON; non-finite numbers as strings); nil elsewhere.
    func gatherJSON<T: Codable>(_ items: [T], root: Int = 0) throws -> [T]? {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let bytes = try [UInt8](encoder.encode(items))
        let lengths = try allGatherLengths(bytes.count)
        guard let gathered = try gather(bytes, root: root) else { return nil }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var all: [T] = []
        var offset = 0
        for length in lengths {
            all += try decoder.decode([T].self, from: Data(gathered[offset..<(offset + length)]))
            offset += length
        }
        return all
    }
}
