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

/// Normal draws' sample mean and deviation each within 5 standard errors of `mean` and `deviation`.
func expectNormalMoments(_ values: [Float], mean: Double, deviation: Double) {
    let count = Double(values.count)
    let sampleMean = values.reduce(0.0) { $0 + Double($1) } / count
    let variance = values.reduce(0.0) { $0 + (Double($1) - sampleMean) * (Double($1) - sampleMean) } / (count - 1)
    #expect(abs(sampleMean - mean) < 5 * deviation / count.squareRoot(), "mean \(sampleMean)")
    #expect(abs(variance.squareRoot() - deviation) < 5 * deviation / (2 * count).squareRoot(), "deviation \(variance.squareRoot())")
}

/// The Monte-Carlo estimate of π from two uniform draws (points (x, y) inside the unit circle) within 5 standard
/// errors: it fails when the draws are not independent (2.83 with x == y).
func expectPiEstimate(_ xs: [Float], _ ys: [Float]) {
    let inside = zip(xs, ys).filter { $0 * $0 + $1 * $1 <= 1 }.count
    let pi = 4 * Double(inside) / Double(xs.count)
    #expect(abs(pi - Double.pi) < 5 * 4 * (0.25 * Double.pi * (1 - 0.25 * Double.pi) / Double(xs.count)).squareRoot(), "π ≈ \(pi)")
}
