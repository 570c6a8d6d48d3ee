package storage

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockHolder is a process that has a store open, as recorded in the
// store's lock file.
type LockHolder struct {
	PID      int
	ReadOnly bool
	Command  string // the holder's program name and arguments, shortened
}

// maxHolderLog bounds the lock file: read-only opens append a line each and
// only a writer's open clears them.
const maxHolderLog = 64 << 10

// recordHolder writes this process into the lock file f at path, which it
// has just locked: a writer (alone by then) replaces the file's contents, a
// reader appends a line. Recording is best effort: a failure only makes a
// later refusal less informative.
func recordHolder(f *os.File, path string, readOnly bool) {
	line := holderLine(readOnly)
	if !readOnly {
		if f.Truncate(0) == nil {
			_, _ = f.WriteAt([]byte(line), 0)
		}
		return
	}
	if st, err := f.Stat(); err != nil || st.Size() > maxHolderLog {
		return
	}
	a, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return
	}
	_, _ = a.WriteString(line)
	_ = a.Close()
}

func holderLine(readOnly bool) string {
	mode := "write"
	if readOnly {
		mode = "read"
	}
	args := append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)
	cmd := strings.Join(args, " ")
	if len(cmd) > 120 {
		cmd = cmd[:117] + "..."
	}
	return fmt.Sprintf("%d %s %s\n", os.Getpid(), mode, strings.ReplaceAll(cmd, "\n", " "))
}

// LockHolders returns the live processes recorded as having opened the
// store in dir (none on platforms without flock(2)). A process that ended
// without closing the store is left out; a reader that closed it while
// still running may be listed.
func LockHolders(dir string) []LockHolder {
	return readHolders(filepath.Join(dir, lockName))
}

func readHolders(path string) []LockHolder {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []LockHolder
	seen := map[[2]int]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 3)
		if len(fields) < 2 {
			continue
		}
		pid, err := strconv.Atoi(fields[0])
		if err != nil || pid <= 0 || !processAlive(pid) {
			continue
		}
		h := LockHolder{PID: pid, ReadOnly: fields[1] == "read"}
		if len(fields) == 3 {
			h.Command = fields[2]
		}
		k := [2]int{pid, map[bool]int{true: 1}[h.ReadOnly]}
		if !seen[k] {
			seen[k] = true
			out = append(out, h)
		}
	}
	return out
}

// describeHolders renders the holders recorded in the lock file at path
// for an error message: " (pid 123: cyq serve)", or "" when none is known.
func describeHolders(path string) string {
	hs := readHolders(path)
	if len(hs) == 0 {
		return ""
	}
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = "pid " + strconv.Itoa(h.PID)
		if h.ReadOnly {
			parts[i] += ", read-only"
		}
		if h.Command != "" {
			parts[i] += ": " + h.Command
		}
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
