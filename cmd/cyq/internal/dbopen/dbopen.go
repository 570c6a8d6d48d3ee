package dbopen

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cyqdb/cyq/storage"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/program"
)

// lockFile is the file every cyq store keeps in its directory (the store's
// lock); its presence tells a store from another directory.
const lockFile = "cyq.lock"

// DefaultGraph is the graph every store has from its creation.
const DefaultGraph = "default"

// State is what a directory holds.
type State int

// States of a store directory.
const (
	Missing State = iota // nothing at the path
	Empty                // an empty directory
	Store                // a cyq store
	Other                // a file, or a directory holding other things
)

// Inspect tells what dir holds.
func Inspect(dir string) (State, error) {
	fi, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return Missing, nil
	}
	if err != nil {
		return Missing, err
	}
	if !fi.IsDir() {
		return Other, nil
	}
	if _, err := os.Stat(filepath.Join(dir, lockFile)); err == nil {
		return Store, nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return Missing, err
	}
	if len(ents) == 0 {
		return Empty, nil
	}
	return Other, nil
}

// Spec names what to open.
type Spec struct {
	Dir   string // the store directory
	Graph string // the graph (default "default")
	// Create makes a missing store or graph (--create; cyq import).
	Create bool
	// Implicit marks Dir as the default location, not one the user typed:
	// it is created when missing (with a notice), as on a first run.
	Implicit bool
	// Options are passed to cyq.Open (their Graph is set from Graph).
	Options cyq.Options
	// Notice receives a line for each thing created (nil: none).
	Notice io.Writer
}

// Handle is an open store on one graph.
type Handle struct {
	DB           *cyq.DB
	Dir, Graph   string
	StoreCreated bool // the store did not exist before this open
	GraphCreated bool // the graph did not exist before this open
	madeDir      string
	wasEmpty     bool
}

// Close closes the store.
func (h *Handle) Close() error {
	if h.DB == nil {
		return nil
	}
	err := h.DB.Close()
	h.DB = nil
	return err
}

// Discard takes back what the open created and closes the store: a
// created graph is dropped, a created store removed (the directories this
// open made, or the contents of the empty directory it was given). Nothing
// that existed before the open is touched.
func (h *Handle) Discard() error {
	var errs []error
	if h.GraphCreated && !h.StoreCreated && h.DB != nil {
		errs = append(errs, h.DB.Store().DropGraph(h.Graph))
	}
	errs = append(errs, h.Close())
	if h.StoreCreated {
		errs = append(errs, removeCreated(h.Dir, h.madeDir, h.wasEmpty))
	}
	return errors.Join(errs...)
}

// removeCreated removes a store this run created: madeDir (the topmost
// directory it made) or, when the store went into an existing empty
// directory, that directory's contents.
func removeCreated(dir, madeDir string, wasEmpty bool) error {
	if madeDir != "" {
		return os.RemoveAll(madeDir)
	}
	if !wasEmpty {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range ents {
		errs = append(errs, os.RemoveAll(filepath.Join(dir, e.Name())))
	}
	return errors.Join(errs...)
}

// mkdirAll makes dir and returns the topmost directory it created.
func mkdirAll(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	top := ""
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Stat(p); err == nil {
			break
		}
		top = p
		if filepath.Dir(p) == p {
			break
		}
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return "", err
	}
	return top, nil
}

// CheckStore applies the store rules without opening anything: it
// returns the directory's state, or the error for a store that must not be
// created. readOnly refuses creating altogether.
func (s *Spec) CheckStore(readOnly bool) (State, error) {
	st, err := Inspect(s.Dir)
	if err != nil {
		return st, err
	}
	switch st {
	case Other:
		return st, cyqerr.Runtimef(cyqerr.StorageError, "NotAStore", "%s is not a cyq store: it holds other files", s.Dir).
			WithHint("give --db a new or empty directory, or the directory of an existing store")
	case Missing:
		if readOnly || (!s.Create && !s.Implicit) {
			return st, NoStore(s.Dir, readOnly)
		}
	case Empty:
		if readOnly {
			return st, NoStore(s.Dir, readOnly)
		}
	}
	return st, nil
}

// Open opens the store and graph of s under the rules of the package.
func Open(s Spec) (*Handle, error) {
	if s.Graph == "" {
		s.Graph = DefaultGraph
	}
	ro := s.Options.ReadOnly
	st, err := s.CheckStore(ro)
	if err != nil {
		return nil, err
	}
	h := &Handle{Dir: s.Dir, Graph: s.Graph}
	if st != Store {
		h.StoreCreated, h.wasEmpty = true, st == Empty
		if st == Missing {
			if h.madeDir, err = mkdirAll(s.Dir); err != nil {
				return nil, err
			}
		}
	}
	fail := func(err error) (*Handle, error) {
		_ = h.Discard()
		return nil, err
	}
	// Open on the default graph, which every store has, so that opening
	// never creates the graph asked for behind our back.
	o := s.Options
	o.Graph = DefaultGraph
	db, err := cyq.Open(s.Dir, &o)
	if err != nil {
		return fail(LockedHint(err, s.Dir, ro))
	}
	h.DB = db
	if h.StoreCreated {
		s.notice("created a new store in %s", s.Dir)
	}
	if s.Graph == DefaultGraph {
		return h, nil
	}
	graphs := db.Store().Graphs()
	if !slices.Contains(graphs, s.Graph) {
		if !s.Create || ro {
			return fail(NoGraph(s.Graph, s.Dir, graphs, ro))
		}
		if _, err := db.Store().CreateGraph(s.Graph); err != nil {
			return fail(err)
		}
		h.GraphCreated = true
		if !h.StoreCreated {
			s.notice("created graph %q in %s", s.Graph, s.Dir)
		}
	}
	// The DB on the graph shares the store; closing it closes the store,
	// which is what Handle.Close means.
	gdb, err := db.OnGraph(s.Graph)
	if err != nil {
		return fail(err)
	}
	h.DB = gdb
	return h, nil
}

func (s *Spec) notice(format string, args ...any) {
	if s.Notice != nil {
		fmt.Fprintf(s.Notice, format+"\n", args...)
	}
}

// NoStore is the error for a store directory that does not exist (or is
// empty, for a read-only open): it lists the stores beside it and
// suggests the nearest name.
func NoStore(dir string, readOnly bool) error {
	parent := filepath.Dir(dir)
	var stores []string
	if ents, err := os.ReadDir(parent); err == nil {
		for _, e := range ents {
			if st, _ := Inspect(filepath.Join(parent, e.Name())); st == Store {
				stores = append(stores, e.Name())
			}
		}
	}
	e := cyqerr.Runtimef(cyqerr.EntityNotFound, "StoreNotFound", "there is no store at %s", dir)
	switch {
	case len(stores) > 0:
		e.Message += fmt.Sprintf(" (stores in %s: %s)", parent, strings.Join(stores, ", "))
	default:
		e.Message += fmt.Sprintf(" (no store in %s)", parent)
	}
	if n := Nearest(filepath.Base(dir), stores); n != "" {
		e.Fix = "--db " + filepath.Join(parent, n)
	}
	if readOnly {
		e.Hint = "a read-only open creates nothing; create the store first (cyq import, or cyq --create --db DIR)"
	} else {
		e.Hint = "give --create to make a new store there"
	}
	return e
}

// NoGraph is the error for a graph that does not exist: it lists the
// store's graphs and suggests the nearest name.
func NoGraph(name, dir string, graphs []string, readOnly bool) error {
	graphs = slices.DeleteFunc(slices.Clone(graphs), func(g string) bool { return g == program.StoreGraph })
	e := cyqerr.Runtimef(cyqerr.EntityNotFound, "GraphNotFound", "there is no graph %q in %s (graphs: %s)", name, dir, strings.Join(graphs, ", "))
	if n := Nearest(name, graphs); n != "" {
		e.Fix = n
	}
	if readOnly {
		e.Hint = "a read-only open creates nothing"
	} else {
		e.Hint = "give --create (in the shell, :use --create NAME) to make a new graph"
	}
	return e
}

// Nearest returns the name among names closest to s by edit distance
// (adjacent transpositions count once: "defualt" is 1 from "default"), when
// it is close enough to be a likely typo ("" otherwise).
func Nearest(s string, names []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	for _, n := range names {
		d := parser.EditDistance(ls, strings.ToLower(n))
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len([]rune(s))/3) {
		return ""
	}
	return best
}

// LockedHint adds what to do to the error of an open refused because
// another process holds the store in dir (the message already names it):
// only read-only opens share a store.
func LockedHint(err error, dir string, readOnly bool) error {
	e := cyqerr.As(err)
	if e == nil || dir == "" || !errors.Is(err, storage.ErrLocked) {
		return err
	}
	writer := readOnly // a read-only open is refused only by a writer
	for _, h := range storage.LockHolders(dir) {
		writer = writer || !h.ReadOnly
	}
	c := *e
	if writer {
		c.Hint = "a store open for writing cannot be opened by another process, not even with --read-only: close that process first"
	} else {
		c.Hint = "the other process has it open read-only: add --read-only to query it alongside, or close that process to write"
	}
	return &c
}
