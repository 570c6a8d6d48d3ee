package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvVar names the environment variable that points at the shared data.
const EnvVar = "CYQ_SHARED"

// ModuleRoot returns the directory holding go.mod, searching upwards from the
// working directory, or "" when there is none.
func ModuleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Shared returns the shared data directory and whether it exists.
func Shared() (string, bool) {
	dir := os.Getenv(EnvVar)
	if dir == "" {
		root := ModuleRoot()
		if root == "" {
			return "", false
		}
		dir = filepath.Join(root, "..", "shared")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir, false
	}
	st, err := os.Stat(abs)
	return abs, err == nil && st.IsDir()
}

// SharedDir returns the shared data directory, or skips tb when it is absent.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	dir, ok := Shared()
	if !ok {
		tb.Skipf("shared test data not found at %q: set %s to the directory holding tck/ and datasets/", dir, EnvVar)
	}
	return dir
}

// TCKFeatures returns the TCK features directory, or skips tb.
func TCKFeatures(tb testing.TB) string {
	tb.Helper()
	return requireDir(tb, filepath.Join(SharedDir(tb), "tck", "features"))
}

// Dataset returns the named dataset directory under datasets/, or skips tb.
func Dataset(tb testing.TB, name string) string {
	tb.Helper()
	return requireDir(tb, filepath.Join(SharedDir(tb), "datasets", name))
}

func requireDir(tb testing.TB, dir string) string {
	tb.Helper()
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("shared test data %q is missing (set %s)", dir, EnvVar)
	}
	return dir
}
