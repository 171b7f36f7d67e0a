#include "RawOpenCL.h"
