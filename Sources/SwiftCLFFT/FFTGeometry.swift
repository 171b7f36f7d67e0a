/// What one batched transform reads and writes, checked before clFFT sees it: the kind, the row-major shape (slowest
/// dimension first, like `DeviceArray`), the batch, and from them clFFT's lengths, strides and distances (fastest
/// dimension first, in elements of each side's layout).
struct FFTGeometry: Hashable {
    enum Kind: Hashable { case complexToComplex, realToComplex, complexToReal }

    let kind: Kind
    let shape: [Int]
    let batch: Int

    /// - Throws: `FFTError.Code.invalidArgument` for 0 or more than 3 dimensions, a length below 1 or a negative
    ///   batch; `FFTError.Code.unsupportedLength` naming the length and its unsupported factor when it is also too long
    ///   for Bluestein's algorithm, unless `anyLength` (an engine that judges lengths itself).
    init(_ kind: Kind, shape: [Int], batch: Int, routine: String, anyLength: Bool = false) throws {
        guard (1...3).contains(shape.count) else {
            throw FFTError(.invalidArgument, routine: routine, "shape \(shape): clFFT transforms 1, 2 or 3 dimensions")
        }
        guard shape.allSatisfy({ $0 >= 1 }) else {
            throw FFTError(.invalidArgument, routine: routine, "shape \(shape): every length must be at least 1")
        }
        guard batch >= 0 else { throw FFTError(.invalidArgument, routine: routine, "batch \(batch) is negative") }
        for (axis, length) in shape.enumerated() where !anyLength {
            // clFFT's engine takes a length without kernels of its own through Bluestein's algorithm, up to its limit.
            if let factor = Self.unsupportedFactor(of: length), Bluestein.paddedLength(for: length) == nil {
                let named = factor <= Self.largestFactorSearched ? "the prime factor \(factor)" : "a prime factor above \(Self.largestFactorSearched)"
                throw FFTError(.unsupportedLength, routine: routine,
                               "shape \(shape): length \(length) (axis \(axis)) has \(named) and is longer than Bluestein's algorithm "
                               + "takes here (2^\(Bluestein.largestExponent - 1)); clFFT's own kernels take lengths whose prime factors are "
                               + FFTError.supportedRadices.map(String.init).joined(separator: ", "))
            }
        }
        // Elements per transform must fit clFFT's size_t arithmetic and Swift's Int.
        var total = 1
        for length in shape + [Swift.max(batch, 1)] {
            let (product, overflow) = total.multipliedReportingOverflow(by: length)
            guard !overflow else { throw FFTError(.invalidArgument, routine: routine, "shape \(shape) × batch \(batch) overflows Int") }
            total = product
        }
        self.kind = kind
        self.shape = shape
        self.batch = batch
    }

    /// Trial division stops here, so a length near `Int.max` is judged in microseconds, not seconds.
    static let largestFactorSearched = 1 << 16

    /// The first prime factor of `length` clFFT has no kernel for, or nil: the smallest one when it is at most
    /// ``largestFactorSearched``; otherwise a value above that bound (the rest of the length, whose factors all are).
    static func unsupportedFactor(of length: Int) -> Int? {
        var rest = length
        for radix in FFTError.supportedRadices {
            while rest % radix == 0 { rest /= radix }
        }
        if rest == 1 { return nil }
        var factor = 17
        while factor <= largestFactorSearched, factor <= rest / factor {
            if rest % factor == 0 { return factor }
            factor += 2
        }
        return rest
    }

    /// clFFT's lengths: the fastest-varying (last row-major) dimension first.
    var lengths: [Int] { shape.reversed() }

    /// The complex side's shape of a real transform: the last dimension holds `n/2 + 1` values (the rest are
    /// conjugates); a complex transform's both sides have `shape`.
    var complexShape: [Int] {
        kind == .complexToComplex ? shape : shape.dropLast() + [shape[shape.count - 1] / 2 + 1]
    }

    /// Each side's row-major shape: the complex side of a real transform is ``complexShape``.
    var inputShape: [Int] { kind == .complexToReal ? complexShape : shape }
    var outputShape: [Int] { kind == .realToComplex ? complexShape : shape }

    /// Elements of one transform's input and output, in their own element types (real or complex).
    var inputDistance: Int { inputShape.reduce(1, *) }
    var outputDistance: Int { outputShape.reduce(1, *) }

    /// Packed strides, fastest dimension first, of a side with this row-major shape.
    static func strides(_ shape: [Int]) -> [Int] {
        var strides: [Int] = [], step = 1
        for length in shape.reversed() {
            strides.append(step)
            step *= length
        }
        return strides
    }

    var inputStrides: [Int] { Self.strides(inputShape) }
    var outputStrides: [Int] { Self.strides(outputShape) }
}
