//go:build unix

package scaling

import (
	"syscall"
	"time"
)

// cpuSeconds is the process's CPU time so far (user + system), in
// seconds; -1 where unknown.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
