// Operators between arrays, expressions and scalars. Each only builds the tree (see ArrayExpression); nothing runs.
//
// They are static members of the two concrete types, not generic free functions over ArrayExpressible: the compiler
// then considers them only when an operand is an array or an expression, and ordinary arithmetic in a file that
// imports SwiftCLArrays type-checks as fast as without it.

infix operator .< : ComparisonPrecedence
infix operator .<= : ComparisonPrecedence
infix operator .> : ComparisonPrecedence
infix operator .>= : ComparisonPrecedence
infix operator .== : ComparisonPrecedence
infix operator .!= : ComparisonPrecedence

extension ArrayExpression {
    static func binary(_ template: String, _ lhs: ArrayExpression, _ rhs: ArrayExpression) -> ArrayExpression {
        apply(template, [lhs, rhs])
    }

    static func comparison(_ op: String, _ lhs: ArrayExpression, _ rhs: ArrayExpression) -> ArrayExpression<UInt8> {
        ArrayExpression<UInt8>(.apply(template: "(uchar)(($0) \(op) ($1))", operands: [lhs.node, rhs.node], pragma: ""))
    }

    /// Elementwise the sum.
    public static func + (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 + $1)", lhs, rhs) }
    public static func + (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 + $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func + (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 + $1)", ArrayExpression(scalar: lhs), rhs) }
    /// Elementwise the difference.
    public static func - (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 - $1)", lhs, rhs) }
    public static func - (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 - $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func - (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 - $1)", ArrayExpression(scalar: lhs), rhs) }
    /// Elementwise the product.
    public static func * (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 * $1)", lhs, rhs) }
    public static func * (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 * $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func * (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 * $1)", ArrayExpression(scalar: lhs), rhs) }
    /// Elementwise the quotient (for integers OpenCL's truncating division; a zero divisor gives an unspecified value, not a trap).
    public static func / (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 / $1)", lhs, rhs) }
    public static func / (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 / $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func / (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 / $1)", ArrayExpression(scalar: lhs), rhs) }
    /// The remainder: `%` for integers, `fmod` (the sign of the dividend) for floating point.
    public static func % (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary(Element.laneKind == .floatingPoint ? "fmod($0, $1)" : "($0 % $1)", lhs, rhs) }
    public static func % (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary(Element.laneKind == .floatingPoint ? "fmod($0, $1)" : "($0 % $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func % (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary(Element.laneKind == .floatingPoint ? "fmod($0, $1)" : "($0 % $1)", ArrayExpression(scalar: lhs), rhs) }
    public static prefix func - (operand: ArrayExpression) -> ArrayExpression { apply("(-$0)", [operand]) }
}

/// Comparisons give masks of one `UInt8` per element, so they take scalar elements (OpenCL compares vectors lane by lane).
extension ArrayExpression where Element: ArrayElement {
    /// A mask: 1 where `lhs < rhs`, else 0.
    public static func .< (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("<", lhs, rhs) }
    public static func .< (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison("<", lhs, ArrayExpression(scalar: rhs)) }
    public static func .< (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("<", ArrayExpression(scalar: lhs), rhs) }
    /// A mask: 1 where `lhs <= rhs`, else 0.
    public static func .<= (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("<=", lhs, rhs) }
    public static func .<= (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison("<=", lhs, ArrayExpression(scalar: rhs)) }
    public static func .<= (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("<=", ArrayExpression(scalar: lhs), rhs) }
    /// A mask: 1 where `lhs > rhs`, else 0.
    public static func .> (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison(">", lhs, rhs) }
    public static func .> (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison(">", lhs, ArrayExpression(scalar: rhs)) }
    public static func .> (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison(">", ArrayExpression(scalar: lhs), rhs) }
    /// A mask: 1 where `lhs >= rhs`, else 0.
    public static func .>= (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison(">=", lhs, rhs) }
    public static func .>= (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison(">=", lhs, ArrayExpression(scalar: rhs)) }
    public static func .>= (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison(">=", ArrayExpression(scalar: lhs), rhs) }
    /// A mask: 1 where `lhs == rhs`, else 0.
    public static func .== (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("==", lhs, rhs) }
    public static func .== (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison("==", lhs, ArrayExpression(scalar: rhs)) }
    public static func .== (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("==", ArrayExpression(scalar: lhs), rhs) }
    /// A mask: 1 where `lhs != rhs`, else 0.
    public static func .!= (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("!=", lhs, rhs) }
    public static func .!= (lhs: ArrayExpression, rhs: Element) -> ArrayExpression<UInt8> { comparison("!=", lhs, ArrayExpression(scalar: rhs)) }
    public static func .!= (lhs: Element, rhs: ArrayExpression) -> ArrayExpression<UInt8> { comparison("!=", ArrayExpression(scalar: lhs), rhs) }
}

/// Bit operations on integer elements and integer vectors (lane by lane).
extension ArrayExpression where Element.Lane: FixedWidthInteger {
    public static func & (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 & $1)", lhs, rhs) }
    public static func & (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 & $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func & (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 & $1)", ArrayExpression(scalar: lhs), rhs) }
    public static func | (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 | $1)", lhs, rhs) }
    public static func | (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 | $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func | (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 | $1)", ArrayExpression(scalar: lhs), rhs) }
    public static func ^ (lhs: ArrayExpression, rhs: ArrayExpression) -> ArrayExpression { binary("($0 ^ $1)", lhs, rhs) }
    public static func ^ (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 ^ $1)", lhs, ArrayExpression(scalar: rhs)) }
    public static func ^ (lhs: Element, rhs: ArrayExpression) -> ArrayExpression { binary("($0 ^ $1)", ArrayExpression(scalar: lhs), rhs) }
    public static prefix func ~ (operand: ArrayExpression) -> ArrayExpression { apply("(~$0)", [operand]) }
    /// Left shift by `rhs` modulo the element's bit width (OpenCL's rule, never undefined).
    public static func << (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 << $1)", lhs, ArrayExpression(scalar: rhs)) }
    /// Right shift (arithmetic for signed elements) by `rhs` modulo the element's bit width.
    public static func >> (lhs: ArrayExpression, rhs: Element) -> ArrayExpression { binary("($0 >> $1)", lhs, ArrayExpression(scalar: rhs)) }
}

extension DeviceArray {
    public static func + (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression + rhs.expression }
    public static func + (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression + rhs }
    public static func + (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs + rhs.expression }
    public static func + (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression + rhs }
    public static func + (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs + rhs.expression }
    public static func - (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression - rhs.expression }
    public static func - (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression - rhs }
    public static func - (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs - rhs.expression }
    public static func - (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression - rhs }
    public static func - (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs - rhs.expression }
    public static func * (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression * rhs.expression }
    public static func * (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression * rhs }
    public static func * (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs * rhs.expression }
    public static func * (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression * rhs }
    public static func * (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs * rhs.expression }
    public static func / (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression / rhs.expression }
    public static func / (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression / rhs }
    public static func / (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs / rhs.expression }
    public static func / (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression / rhs }
    public static func / (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs / rhs.expression }
    public static func % (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression % rhs.expression }
    public static func % (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression % rhs }
    public static func % (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs % rhs.expression }
    public static func % (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression % rhs }
    public static func % (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs % rhs.expression }
    public static prefix func - (operand: DeviceArray) -> ArrayExpression<Element> { -operand.expression }
}

extension DeviceArray where Element: ArrayElement {
    public static func .< (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .< rhs.expression }
    public static func .< (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .< rhs }
    public static func .< (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .< rhs.expression }
    public static func .< (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .< rhs }
    public static func .< (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .< rhs.expression }
    public static func .<= (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .<= rhs.expression }
    public static func .<= (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .<= rhs }
    public static func .<= (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .<= rhs.expression }
    public static func .<= (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .<= rhs }
    public static func .<= (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .<= rhs.expression }
    public static func .> (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .> rhs.expression }
    public static func .> (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .> rhs }
    public static func .> (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .> rhs.expression }
    public static func .> (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .> rhs }
    public static func .> (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .> rhs.expression }
    public static func .>= (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .>= rhs.expression }
    public static func .>= (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .>= rhs }
    public static func .>= (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .>= rhs.expression }
    public static func .>= (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .>= rhs }
    public static func .>= (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .>= rhs.expression }
    public static func .== (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .== rhs.expression }
    public static func .== (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .== rhs }
    public static func .== (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .== rhs.expression }
    public static func .== (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .== rhs }
    public static func .== (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .== rhs.expression }
    public static func .!= (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs.expression .!= rhs.expression }
    public static func .!= (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<UInt8> { lhs.expression .!= rhs }
    public static func .!= (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .!= rhs.expression }
    public static func .!= (lhs: DeviceArray, rhs: Element) -> ArrayExpression<UInt8> { lhs.expression .!= rhs }
    public static func .!= (lhs: Element, rhs: DeviceArray) -> ArrayExpression<UInt8> { lhs .!= rhs.expression }
}

extension DeviceArray where Element.Lane: FixedWidthInteger {
    public static func & (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression & rhs.expression }
    public static func & (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression & rhs }
    public static func & (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs & rhs.expression }
    public static func & (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression & rhs }
    public static func & (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs & rhs.expression }
    public static func | (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression | rhs.expression }
    public static func | (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression | rhs }
    public static func | (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs | rhs.expression }
    public static func | (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression | rhs }
    public static func | (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs | rhs.expression }
    public static func ^ (lhs: DeviceArray, rhs: DeviceArray) -> ArrayExpression<Element> { lhs.expression ^ rhs.expression }
    public static func ^ (lhs: DeviceArray, rhs: ArrayExpression<Element>) -> ArrayExpression<Element> { lhs.expression ^ rhs }
    public static func ^ (lhs: ArrayExpression<Element>, rhs: DeviceArray) -> ArrayExpression<Element> { lhs ^ rhs.expression }
    public static func ^ (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression ^ rhs }
    public static func ^ (lhs: Element, rhs: DeviceArray) -> ArrayExpression<Element> { lhs ^ rhs.expression }
    public static prefix func ~ (operand: DeviceArray) -> ArrayExpression<Element> { ~operand.expression }
    public static func << (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression << rhs }
    public static func >> (lhs: DeviceArray, rhs: Element) -> ArrayExpression<Element> { lhs.expression >> rhs }
}
