internal import COpenCL

extension SVMGranularity {
    /// The `clSVMAlloc` flags for this granularity.
    var flags: cl_svm_mem_flags {
        let readWrite = cl_svm_mem_flags(CL_MEM_READ_WRITE)
        switch self {
        case .coarseGrain: return readWrite
        case .fineGrain: return readWrite | cl_svm_mem_flags(CL_MEM_SVM_FINE_GRAIN_BUFFER)
        case .fineGrainWithAtomics: return readWrite | cl_svm_mem_flags(CL_MEM_SVM_FINE_GRAIN_BUFFER) | cl_svm_mem_flags(CL_MEM_SVM_ATOMICS)
        }
    }
}
