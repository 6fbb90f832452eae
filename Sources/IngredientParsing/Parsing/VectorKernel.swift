import CKernels

/// Which code runs the parser's vector loops (the decoder's passes, the sum of a line's
/// scores): the portable Swift loops, or the AVX2 kernels of `CKernels`, which do the same
/// operations in the same order and so give the same results bit for bit.
package enum VectorKernel: Sendable {
    /// The portable Swift loops: the reference.
    case portable
    /// The AVX2 kernels: the decoder's runs only where the processor has AVX2 (see
    /// `fastest`); the scorer's checks the processor itself and falls back to the portable loop.
    case avx2

    /// The AVX2 kernels where the processor runs them, else the portable code. A lazily made
    /// global: a per-line caller reads it once and keeps it (`IngredientParser.kernel`).
    package static let fastest: VectorKernel = ikk_cpu_has_avx2() != 0 ? .avx2 : .portable
}
