import SwiftCL
import SwiftCLBLAS
import SwiftCLTestSupport
import Testing

/// Tuned parameters handed to CLBlast at run time. Parameters hold for the rest of the process, so these tests use sets
/// that are valid on every device (other GEMM tests running meanwhile only run at another speed).
@Suite("CLBlast tuning: parameters handed to CLBlast at run time")
struct CLBlastTuningTests {
    /// Two valid Xgemm sets (each MWG a multiple of MDIMC·VWM and MDIMA·VWM, NWG of NDIMC·VWN and NDIMB·VWN, KWG of
    /// MDIMC·NDIMC/MDIMA and /NDIMB), different enough that a program built for one would be wrong for the other.
    static let parameterSets = [
        "GEMMK=0 MWG=16 NWG=16 KWG=32 MDIMC=8 NDIMC=8 MDIMA=8 NDIMB=8 KWI=2 VWM=2 VWN=2 STRM=0 STRN=0 SA=1 SB=1 KREG=1",
        "GEMMK=0,MWG=32,NWG=64,KWG=32,MDIMC=8,NDIMC=8,MDIMA=8,NDIMB=8,KWI=2,VWM=2,VWN=4,STRM=0,STRN=0,SA=0,SB=1,KREG=1",
    ]

    @Test("GEMMs after each override equal the host's exactly (programs built with other parameters are dropped); sizes 1, odd, large",
          arguments: TestDevices.all)
    func overrideKeepsResults(device: Device) throws {
        let queue = try makeQueue(device)
        for parameters in Self.parameterSets {
            try CLBlastTuning.override("Xgemm", for: Float.self, on: device, parameters: parameters)
            for (m, k, n) in [(1, 1, 1), (37, 19, 53), (257, 130, 300)] {
                let product = try Self.clblastProduct((0..<(m * k)).map { Float($0 % 7) - 3 }, (0..<(k * n)).map { Float($0 % 5) - 2 },
                                                      m: m, k: k, n: n, on: queue)
                #expect(product.device == product.host, "\(m)×\(k)·\(k)×\(n) with \(parameters)")
            }
        }
    }

    @Test("the DocC article's example hands a set over and GEMMs stay right", arguments: TestDevices.all)
    func articleExample(device: Device) throws {
        let queue = try makeQueue(device)
        // Parameters printed by CLBlast's tuner for this device, handed over for the process (every one the kernel has).
        try CLBlastTuning.override("Xgemm", for: Float.self, on: queue.device, parameters:
            "GEMMK=0 MWG=16 NWG=16 KWG=32 MDIMC=8 NDIMC=8 MDIMA=8 NDIMB=8 KWI=2 VWM=2 VWN=2 STRM=0 STRN=0 SA=1 SB=1 KREG=1")
        let (m, k, n) = (64, 48, 40)
        let product = try Self.clblastProduct((0..<(m * k)).map { Float($0 % 5) - 2 }, (0..<(k * n)).map { Float($0 % 3) - 1 },
                                              m: m, k: k, n: n, on: queue)
        #expect(product.device == product.host)
    }

    /// A·B (row-major `m`×`k` and `k`×`n`) through CLBlast on `queue`, and the host's product. With small integers every
    /// product and sum is exact in Float, so the two must be equal.
    static func clblastProduct(_ hostA: [Float], _ hostB: [Float], m: Int, k: Int, n: Int, on queue: ComputeQueue) throws
        -> (device: [Float], host: [Float]) {
        let a = try Buffer(copying: hostA, context: queue.context), b = try Buffer(copying: hostB, context: queue.context)
        let c = try Buffer<Float>(count: m * n, context: queue.context)
        let device = try queue.sync { cl in
            try cl.gemm(try BLASMatrix(a, rows: m, columns: k), times: try BLASMatrix(b, rows: k, columns: n),
                        into: try BLASMatrix(c, rows: m, columns: n), engine: .clblast)
            return try cl.read(c)
        }
        var host = [Float](repeating: 0, count: m * n)
        for i in 0..<m { for j in 0..<n { for p in 0..<k { host[i * n + j] += hostA[i * k + p] * hostB[p * n + j] } } }
        return (device, host)
    }

    @Test("an unknown kernel, a missing parameter, a malformed pair and a negative value are refused by name", arguments: TestDevices.all)
    func refusals(device: Device) throws {
        func refused(_ body: () throws -> Void, saying text: String) {
            #expect(performing: body, throws: { error in
                (error as? BLASError)?.code == .invalidArgument && "\(error)".contains(text)
            })
        }
        refused({ try CLBlastTuning.override("Xnothing", for: Float.self, on: device, parameters: Self.parameterSets[0]) },
                saying: "no kernel named Xnothing")
        refused({ try CLBlastTuning.override("Xgemm", for: Float.self, on: device, parameters: "GEMMK=0 MWG=16") },
                saying: "needs every one of its parameters")
        refused({ try CLBlastTuning.override("Xgemm", for: Float.self, on: device, parameters: "GEMMK=0 MWG") },
                saying: "\"MWG\" is not NAME=VALUE")
        refused({ try CLBlastTuning.override("Xgemm", for: Float.self, on: device, parameters: ["MWG": -16]) },
                saying: "parameter MWG is -16")
    }
}
