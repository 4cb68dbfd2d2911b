#ifndef PARALLAX_CGSL_SHIM_H
#define PARALLAX_CGSL_SHIM_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_fft_complex.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_linalg.h>

/* Swift 6 strict concurrency rejects GSL's mutable global type pointers;
   these accessors expose them as plain function calls. */
static inline const gsl_rng_type *parallax_gsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_multimin_fminimizer_type *parallax_gsl_multimin_nmsimplex2(void) {
    return gsl_multimin_fminimizer_nmsimplex2;
}

/* GSL's default error handler aborts the process; ParallaxLab checks return codes instead. */
static inline void parallax_gsl_disable_abort(void) { gsl_set_error_handler_off(); }

#endif
