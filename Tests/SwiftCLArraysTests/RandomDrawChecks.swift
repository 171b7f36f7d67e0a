import SwiftCL
import SwiftCLArrays
import Testing

/// What every ``CounterBasedGenerator`` promises of a uniform draw of `count` values from `start`, checked on `queue`:
/// `Float`s (and `Double`s where the device has them) equal the host reference bit for bit, all in [0, 1); a draw
/// into a view with an offset gives the same numbers and writes nothing outside the view; each draw moves its
/// generator exactly as `advanced(pastDrawsOf:of:)` says. Returns the host's `Float`s.
@discardableResult
func checkUniformDraws<Generator: CounterBasedGenerator>(from start: Generator, count: Int, on queue: ComputeQueue) throws -> [Float] {
    var generator = start
    let host = start.uniformHostReference(count: count, as: Float.self)
    let floats: DeviceArray<Float> = try generator.uniform(shape: [count], on: queue)
    #expect(try floats.toArray() == host)
    #expect(host.allSatisfy { $0 >= 0 && $0 < 1 })
    #expect(generator == start.advanced(pastDrawsOf: count, of: Float.self))
    if queue.device.supportsDoublePrecision {
        var doubleGenerator = start
        let doubles: DeviceArray<Double> = try doubleGenerator.uniform(shape: [count], on: queue)
        #expect(try doubles.toArray() == start.uniformHostReference(count: count, as: Double.self))
        #expect(doubleGenerator == start.advanced(pastDrawsOf: count, of: Double.self))
    }
    let backing = try DeviceArray<Float>.filled(with: -1, shape: [count + 5], on: queue)
    var again = start
    try again.uniform(into: try backing[3..<(count + 3)])
    #expect(try backing.toArray() == [-1, -1, -1] + host + [-1, -1])
    #expect(again == generator)
    return host
}
