#ifndef PARALLAX_CPNG_SHIM_H
#define PARALLAX_CPNG_SHIM_H
#include <png.h>
#endif
