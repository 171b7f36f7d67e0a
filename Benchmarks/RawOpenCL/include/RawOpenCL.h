#ifndef SWIFTCL_RAW_OPENCL_H
#define SWIFTCL_RAW_OPENCL_H
#include <stddef.h>
