import CGSL

/// Derivative-free minimisation with GSL's Nelder–Mead simplex (`gsl_multimin_fminimizer_nmsimplex2`).
///
/// Deterministic: the same function, start and steps give the same iterates on every run (GSL's
/// nmsimplex2 uses no randomness). The objective is a Swift closure reached from GSL through a C
/// trampoline; a non-finite value is treated as +∞ (the simplex moves away from it).
package enum NelderMead {
    package struct Options: Sendable {
        /// Stop when the simplex's characteristic size (`gsl_multimin_fminimizer_size`) is below this.
        package var sizeTolerance = 1e-4
        package var maxIterations = 500
        package init() {}
    }

    package struct Result: Sendable, Equatable {
        /// The best point found and its value.
        package var x: [Double]
        package var value: Double
        package var iterations: Int
        /// True when the size tolerance was reached (false: stopped at `maxIterations` or a GSL error).
        package var converged: Bool
    }

    /// Minimises `f` from `start`, with initial simplex steps `steps` (one per coordinate, ≠ 0).
    package static func minimize(
        start: [Double], steps: [Double], options: Options = Options(), _ f: ([Double]) -> Double
    ) -> Result {
        precondition(!start.isEmpty && start.count == steps.count, "one step per coordinate")
        parallax_gsl_disable_abort()
        let n = start.count
        return withoutActuallyEscaping(f) { f in
            var box = Box(f: f, n: n)
            return withUnsafeMutablePointer(to: &box) { boxPointer -> Result in
                var function = gsl_multimin_function(f: { v, params in
                    guard let v, let params else { return .infinity }
                    let box = params.assumingMemoryBound(to: Box.self)
                    let n = box.pointee.n
                    var x = [Double](repeating: 0, count: n)
                    for i in 0..<n { x[i] = gsl_vector_get(v, i) }
                    let value = box.pointee.f(x)
                    return value.isFinite ? value : .infinity
                }, n: n, params: UnsafeMutableRawPointer(boxPointer))
                guard let minimizer = gsl_multimin_fminimizer_alloc(parallax_gsl_multimin_nmsimplex2(), n) else {
                    fatalError("gsl_multimin_fminimizer_alloc failed: out of memory")
                }
                defer { gsl_multimin_fminimizer_free(minimizer) }
                let x0 = gsl_vector_alloc(n)!, step = gsl_vector_alloc(n)!
                defer {
                    gsl_vector_free(x0)
                    gsl_vector_free(step)
                }
                for i in 0..<n {
                    gsl_vector_set(x0, i, start[i])
                    gsl_vector_set(step, i, steps[i])
                }
                var iterations = 0
                var converged = false
                if gsl_multimin_fminimizer_set(minimizer, &function, x0, step) == GSL_SUCCESS {
                    while iterations < options.maxIterations {
                        iterations += 1
                        guard gsl_multimin_fminimizer_iterate(minimizer) == GSL_SUCCESS else { break }
                        let size = gsl_multimin_fminimizer_size(minimizer)
                        if gsl_multimin_test_size(size, options.sizeTolerance) == GSL_SUCCESS {
                            converged = true
                            break
                        }
                    }
                } else {
                    return Result(x: start, value: f(start), iterations: 0, converged: false)
                }
                let best = gsl_multimin_fminimizer_x(minimizer)!
                let x = (0..<n).map { gsl_vector_get(best, $0) }
                return Result(x: x, value: gsl_multimin_fminimizer_minimum(minimizer), iterations: iterations, converged: converged)
            }
        }
    }

    private struct Box {
        let f: ([Double]) -> Double
        let n: Int
    }
}
