// Package limits gives the cyq commands (the shell, cyq query and cyq
// serve) one set of flags for a query's budgets: memory, instruction steps
// and result rows.
//
// Input: a flag set and the defaults a command wants. Output: the vm.Limits
// its options carry, after the flags are parsed.
package limits

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/vm"
)

// Defaults for people (the shell and cyq query) and for agents (cyq
// serve): agents get a tighter memory budget, since many sessions may
// share one machine and a runaway query must not take it down.
var (
	Interactive = vm.Limits{MaxMemory: 4 << 30}
	Agents      = vm.Limits{MaxMemory: 1 << 30}
)

// Register adds --max-memory, --max-steps and --max-rows to fs, starting
// from def, and returns the limits the parsed flags fill in.
func Register(fs *flag.FlagSet, def vm.Limits) *vm.Limits {
	l := def
	fs.Var((*bytesFlag)(&l.MaxMemory), "max-memory", "memory budget of one query, e.g. 512MiB or 2GiB (0 for none)")
	fs.Int64Var(&l.MaxSteps, "max-steps", def.MaxSteps, "instruction budget of one query (0 for none)")
	fs.Int64Var(&l.MaxRows, "max-rows", def.MaxRows, "rows one query may return (0 for none)")
	return &l
}

// bytesFlag is a byte count written as a number with an optional unit:
// B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024).
type bytesFlag int64

func (b *bytesFlag) String() string { return FormatBytes(int64(*b)) }

func (b *bytesFlag) Set(s string) error {
	n, err := ParseBytes(s)
	if err != nil {
		return err
	}
	*b = bytesFlag(n)
	return nil
}

var units = []struct {
	suffix string
	scale  int64
}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}}

// ParseBytes reads a byte count such as 512MiB, 1.5GB or 1048576.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	scale := int64(1)
	for _, u := range units {
		if len(t) > len(u.suffix) && strings.EqualFold(t[len(t)-len(u.suffix):], u.suffix) {
			t, scale = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f*float64(scale) > 1<<62 {
		return 0, fmt.Errorf("%q is not a byte count (write e.g. 512MiB, 2GiB or 1000000)", s)
	}
	return int64(f * float64(scale)), nil
}

// FormatBytes writes n with the largest binary unit that divides it.
func FormatBytes(n int64) string {
	for _, u := range []struct {
		suffix string
		scale  int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.scale == 0 {
			return strconv.FormatInt(n/u.scale, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}
