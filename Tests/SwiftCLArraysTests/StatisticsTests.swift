import SwiftCL
@testable import SwiftCLArrays
import SwiftCLTestSupport
import Testing

/// `mean`, `variance` and `standardDeviation`, of whole arrays and along axes, against Double arithmetic on the host.
@Suite("Means, variances and standard deviations (NumPy's mean, var, std)")
struct StatisticsTests {
    /// The host's mean and variance (two passes in Double) of `values`.
    static func reference<T: BinaryFloatingPoint>(_ values: [T], correction: Int = 0) -> (mean: Double, variance: Double) {
        let mean = values.reduce(0.0) { (s: Double, v: T) -> Double in s + Double(v) } / Double(values.count)
        let squares = values.reduce(0.0) { (s: Double, v: T) -> Double in s + (Double(v) - mean) * (Double(v) - mean) }
        return (mean, squares / Double(values.count - correction))
    }

    static func close(_ got: Double, _ want: Double, relative: Double) -> Bool {
        abs(got - want) <= relative * Swift.max(abs(want), 1e-30)
    }

    @Test("whole arrays: Float and Double, far from zero (two passes keep the variance's digits), sample and population",
          arguments: TestDevices.all, [1, 7, 1_000, (1 << 20) + 3])
    func wholeArrays(device: Device, count: Int) throws {
        let queue = try makeQueue(device)
        // Values around 10⁴ with a spread of ~0.3: a one-pass Σx² − n·m² in Float would keep no correct digit.
        let doubles = (0..<count).map { 10_000 + Double(($0 &* 2_654_435_761) % 1_000) / 1_000 }
        for correction in count > 1 ? [0, 1] : [0] {
            let want = Self.reference(doubles, correction: correction)
            let d = try DeviceArray(doubles, on: queue)
            #expect(Self.close(Double(try d.mean()), want.mean, relative: 1e-14), "Double mean, \(count)")
            #expect(Self.close(Double(try d.variance(correction: correction)), want.variance, relative: 1e-9),
                    "Double variance, \(count), correction \(correction)")
            #expect(Self.close(Double(try d.standardDeviation(correction: correction)), want.variance.squareRoot(), relative: 1e-9))
            let floats = doubles.map { Float($0) }
            let wantFloat = Self.reference(floats, correction: correction)
            let f = try DeviceArray(floats, on: queue)
            #expect(Self.close(Double(try f.mean()), wantFloat.mean, relative: 1e-6), "Float mean, \(count)")
            #expect(Self.close(Double(try f.variance(correction: correction)), wantFloat.variance, relative: count == 1 ? 0 : 1e-3),
                    "Float variance, \(count), correction \(correction)")
        }
    }

    @Test("along every axis of 2-D and 3-D arrays, negative axes too; correction 1", arguments: TestDevices.all)
    func alongAxes(device: Device) throws {
        let queue = try makeQueue(device)
        for shape in [[3, 5], [1, 9], [4, 5, 6], [2, 1, 7]] {
            let n = shape.reduce(1, *)
            let host: [Double] = (0..<n).map { Double(($0 * 37) % 23) * 0.25 - 2 }
            let array = try DeviceArray(host, shape: shape, on: queue)
            for axis in shape.indices {
                var resultShape = shape
                resultShape.remove(at: axis)
                let lines = IndexAndAxisReductionTests.lines(host, shape: shape, axis: axis)
                let label = "\(shape) axis \(axis)"
                let means = try array.mean(axis: axis - shape.count)
                #expect(means.shape == resultShape, "\(label) mean's shape")
                #expect(zip(try means.toArray(), lines).allSatisfy { Self.close($0, Self.reference($1).mean, relative: 1e-13) }, "\(label) mean")
                #expect(zip(try array.variance(axis: axis).toArray(), lines).allSatisfy {
                    Self.close($0, Self.reference($1).variance, relative: 1e-12) || ($0 == 0 && Self.reference($1).variance < 1e-20)
                }, "\(label) variance")
                if shape[axis] > 1 {
                    #expect(zip(try array.standardDeviation(axis: axis, correction: 1).toArray(), lines).allSatisfy {
                        Self.close($0, Self.reference($1, correction: 1).variance.squareRoot(), relative: 1e-12)
                    }, "\(label) sample standard deviation")
                } else {
                    #expect((thrownError { _ = try array.variance(axis: axis, correction: 1) } as? ArrayError)?.code == .invalidArgument,
                            "\(label): correction 1 of one element")
                }
            }
        }
    }

    @Test("refusals: empty arrays and axes, corrections outside 0..<count, one-dimensional axes; the arrays stay usable")
    func refusals() throws {
        let queue = try ComputeQueue(preferring: [.gpu, .cpu])
        let empty = try DeviceArray<Float>([], on: queue)
        #expect((thrownError { _ = try empty.mean() } as? ArrayError)?.code == .emptyReduction)
        #expect((thrownError { _ = try empty.variance() } as? ArrayError)?.code == .emptyReduction)
        let three = try DeviceArray<Float>([1, 2, 4], on: queue)
        for correction in [-1, 3, 7] {
            let error = thrownError { _ = try three.variance(correction: correction) } as? ArrayError
            #expect(error?.code == .invalidArgument && error.map { "\($0)".contains("0..<3") } == true, "correction \(correction)")
        }
        #expect((thrownError { _ = try three.mean(axis: 0) } as? ArrayError)?.code == .invalidShape, "a 1-D array has no axis form")
        let noRows = try DeviceArray<Float>([], shape: [0, 4], on: queue)
        #expect((thrownError { _ = try noRows.mean(axis: 0) } as? ArrayError)?.code == .emptyReduction)
        #expect((thrownError { _ = try noRows.variance(axis: 0) } as? ArrayError)?.code == .emptyReduction)
        #expect(try noRows.variance(axis: 1).toArray().isEmpty, "no rows, no outputs")
        let sample = Double(try three.variance(correction: 1))
        #expect(abs(sample - 7.0 / 3) < 1e-6, "still usable: mean 7/3, Σd² 14/3, over 2")
    }
}
