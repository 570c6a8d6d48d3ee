//go:build !unix

package storage

import "time"

// processCPU is the CPU time the process has used; not read on this
// platform.
func processCPU() (time.Duration, bool) { return 0, false }
