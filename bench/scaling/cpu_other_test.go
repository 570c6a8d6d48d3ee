//go:build !unix

package scaling

// cpuSeconds is the process's CPU time so far: unknown (-1) here.
func cpuSeconds() float64 { return -1 }
