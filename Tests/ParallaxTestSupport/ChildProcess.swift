import Plumbing

// The tests' child-process runner is Plumbing's (the one runner of the package).
package typealias ChildProcess = Plumbing.ChildProcess
package typealias ChildProcessResult = Plumbing.ChildProcessResult
package typealias ChildProcessTimeout = Plumbing.ChildProcessTimeout
package typealias ChildProcessLaunchFailure = Plumbing.ChildProcessLaunchFailure
