package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// version describes this build from the information Go records in the
// binary: the module version ("(devel)" for a build from a checkout), the
// commit and its time when built from version control ("+dirty" for
// uncommitted changes), and the Go version.
func version() string {
	parts := []string{"cyq"}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "cyq (unknown version) " + runtime.Version()
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	parts = append(parts, v)
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		parts = append(parts, rev[:min(len(rev), 12)]+dirty)
	}
	if when != "" {
		parts = append(parts, when)
	}
	return strings.Join(append(parts, runtime.Version()), " ")
}
