import SwiftCL

/// A random number generator whose every value is a pure function of a seed, a counter, a stream and the value's
/// index: the same numbers on every device, at every work-group size, and on the host. ``Philox`` (Philox-4×32-10, the
/// generator of PyOpenCL and cuRAND) and ``ChaCha8`` (faster on CPU devices) conform; code written against the protocol
/// takes either.
///
/// A draw advances the generator past the counter values it used, so consecutive draws are independent; draws are
/// `mutating`, so a generator held in a `let` cannot draw and a position is never reused by accident. Reproduce a draw
/// with a copy of the generator (or a new one with the same seed, counter and stream).
public protocol CounterBasedGenerator: Sendable, Hashable {
    /// The key the numbers depend on.
    var seed: UInt64 { get set }
    /// Where the next draw starts.
    var counter: UInt64 { get set }
    /// A separate sequence for the same seed.
    var stream: UInt64 { get set }

    init(seed: UInt64, counter: UInt64, stream: UInt64)

    /// Uniform values in [0, 1) written over `array` (on its queue); the generator moves past them.
    mutating func uniform<Element: ArrayElement & BinaryFloatingPoint>(into array: DeviceArray<Element>) throws
    /// Uniform integers in `range` (both ends included); the generator moves past them.
    mutating func uniform<Element: ArrayElement & FixedWidthInteger>(in range: ClosedRange<Element>, shape: [Int],
                                                                     on queue: ComputeQueue) throws -> DeviceArray<Element>
    /// Normally distributed values, `mean` + `standardDeviation` · N(0, 1); the generator moves past them.
    mutating func normal<Element: ArrayElement & BinaryFloatingPoint>(mean: Element, standardDeviation: Element, shape: [Int],
                                                                      on queue: ComputeQueue) throws -> DeviceArray<Element>
    /// The generator moved past a uniform draw of `count` values of `Element`, as the draw itself moves it.
    func advanced<Element: ArrayElement>(pastDrawsOf count: Int, of _: Element.Type) -> Self
    /// The host's uniform values for the next draw of `count` elements, bit for bit what the device gives (this does
    /// not advance the generator).
    func uniformHostReference<Element: ArrayElement & BinaryFloatingPoint>(count: Int, as _: Element.Type) -> [Element]
}

extension CounterBasedGenerator {
    /// Uniform values in [0, 1) in a new array; the generator moves past them.
    /// - Throws: ``ArrayError`` for a negative extent or an element the device lacks; SwiftCL's allocation errors.
    public mutating func uniform<Element: ArrayElement & BinaryFloatingPoint>(shape: [Int], on queue: ComputeQueue) throws -> DeviceArray<Element> {
        let result = try DeviceArray<Element>(uninitializedShape: shape, on: queue)
        try uniform(into: result)
        return result
    }
}
