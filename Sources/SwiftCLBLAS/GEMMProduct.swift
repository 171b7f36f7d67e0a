import SwiftCL

/// One product of a batched GEMM (``SwiftCL/ComputeEncoder/gemmBatched(_:transposeA:transposeB:engine:)``):
/// `C ← alpha·op(A)·op(B) + beta·C` with its own matrices' offsets and its own alpha and beta.
public struct GEMMProduct<Element: BLASScalar>: Sendable {
    public let a: BLASMatrix<Element>
    public let b: BLASMatrix<Element>
    public let c: BLASMatrix<Element>
    public let alpha: Element
    public let beta: Element

    /// A product of `a` and `b` into `c`; with `beta = 0` its C is not read (its elements are zeroed first).
    public init(_ a: BLASMatrix<Element>, times b: BLASMatrix<Element>, into c: BLASMatrix<Element>, alpha: Element = 1, beta: Element = 0) {
        self.a = a
        self.b = b
        self.c = c
        self.alpha = alpha
        self.beta = beta
    }
}
