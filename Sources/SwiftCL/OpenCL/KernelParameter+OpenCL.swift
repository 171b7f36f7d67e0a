internal import COpenCL

extension KernelParameter {
    /// Parameter `index` of `kernel` as the runtime reports it (`clGetKernelArgInfo`); throws when the
    /// runtime has no argument information.
    init(kernel: KernelHandle, index: Int) throws {
        let address = try CL.getKernelArgInfo(kernel, index: index, .CL_KERNEL_ARG_ADDRESS_QUALIFIER)
            .value(cl_kernel_arg_address_qualifier.self)
        let typeQualifier = try CL.getKernelArgInfo(kernel, index: index, .CL_KERNEL_ARG_TYPE_QUALIFIER)
            .value(cl_kernel_arg_type_qualifier.self)
        let space: AddressSpace = switch Int32(address) {
        case CL_KERNEL_ARG_ADDRESS_GLOBAL: .global
        case CL_KERNEL_ARG_ADDRESS_LOCAL: .local
        case CL_KERNEL_ARG_ADDRESS_CONSTANT: .constant
        default: .private
        }
        self.init(
            name: try CL.getKernelArgInfo(kernel, index: index, .CL_KERNEL_ARG_NAME).string(),
            typeName: try CL.getKernelArgInfo(kernel, index: index, .CL_KERNEL_ARG_TYPE_NAME).string(),
            addressSpace: space,
            isConst: typeQualifier & cl_kernel_arg_type_qualifier(CL_KERNEL_ARG_TYPE_CONST) != 0 || space == .constant)
    }
}
