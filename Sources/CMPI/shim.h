#ifndef SWIFTCL_CMPI_SHIM_H
#define SWIFTCL_CMPI_SHIM_H

// Open MPI's C API (Debian libopenmpi-dev), imported only inside SwiftCLMPI (internal import). MPI's handles for the
// world communicator, datatypes and operations are macros over global objects, which Swift cannot import; these
// functions return them.
#include <mpi.h>

static inline MPI_Comm swiftcl_mpi_comm_world(void) { return MPI_COMM_WORLD; }
static inline MPI_Comm swiftcl_mpi_comm_null(void) { return MPI_COMM_NULL; }
static inline MPI_Errhandler swiftcl_mpi_errors_return(void) { return MPI_ERRORS_RETURN; }
static inline MPI_Status *swiftcl_mpi_status_ignore(void) { return MPI_STATUS_IGNORE; }
static inline int swiftcl_mpi_any_source(void) { return MPI_ANY_SOURCE; }
static inline int swiftcl_mpi_proc_null(void) { return MPI_PROC_NULL; }
static inline int swiftcl_mpi_undefined(void) { return MPI_UNDEFINED; }
static inline void *swiftcl_mpi_in_place(void) { return MPI_IN_PLACE; }

static inline MPI_Datatype swiftcl_mpi_float(void) { return MPI_FLOAT; }
static inline MPI_Datatype swiftcl_mpi_double(void) { return MPI_DOUBLE; }
static inline MPI_Datatype swiftcl_mpi_int8(void) { return MPI_INT8_T; }
static inline MPI_Datatype swiftcl_mpi_uint8(void) { return MPI_UINT8_T; }
static inline MPI_Datatype swiftcl_mpi_int16(void) { return MPI_INT16_T; }
static inline MPI_Datatype swiftcl_mpi_uint16(void) { return MPI_UINT16_T; }
static inline MPI_Datatype swiftcl_mpi_int32(void) { return MPI_INT32_T; }
static inline MPI_Datatype swiftcl_mpi_uint32(void) { return MPI_UINT32_T; }
static inline MPI_Datatype swiftcl_mpi_int64(void) { return MPI_INT64_T; }
static inline MPI_Datatype swiftcl_mpi_uint64(void) { return MPI_UINT64_T; }
static inline MPI_Datatype swiftcl_mpi_byte(void) { return MPI_BYTE; }

static inline MPI_Op swiftcl_mpi_sum(void) { return MPI_SUM; }
static inline MPI_Op swiftcl_mpi_prod(void) { return MPI_PROD; }
static inline MPI_Op swiftcl_mpi_min(void) { return MPI_MIN; }
static inline MPI_Op swiftcl_mpi_max(void) { return MPI_MAX; }

#endif
