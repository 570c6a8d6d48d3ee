package program

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"

	"github.com/cyqdb/cyq/cyqerr"
)

// Stored programs are not graph data: they live in a file beside the
// graph's data, ProgramsFile in the store's directory (in the store's
// filesystem, so in-memory stores keep it in memory), with its own lock,
// ProgramsLock. Programs can therefore be stored while the graph is open
// read-only, by several processes at once: a writer takes the lock, reads
// the file, and replaces it atomically (a temporary file, synced, then
// renamed over it). Readers need no lock: a rename is atomic, so they see
// the file before or after a write, never half of one.
const (
	ProgramsFile = "programs.json"
	ProgramsLock = "programs.lock"
)

// programsFormat is the version of the programs file's layout.
const programsFormat = 1

// fileRecord is one program in the programs file. Program is its canonical
// JSON text, checked against SHA256 when it is read back.
type fileRecord struct {
	ID          int64  `json:"program_id"`
	Graph       string `json:"graph"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Author      string `json:"author,omitempty"`
	SHA256      string `json:"sha256"`
	Created     string `json:"created"`
	Operations  int    `json:"operations"`
	Program     string `json:"program"`
}

type programsFileData struct {
	Format   int          `json:"format"`
	Programs []fileRecord `json:"programs"`
}

// programFile is the programs file of one store.
type programFile struct {
	fs  vfs.FS
	dir string
}

func (rn *Runner) file() programFile {
	st := rn.eng.Store()
	return programFile{fs: st.FS(), dir: st.Dir()}
}

func (f programFile) path(name string) string { return f.fs.PathJoin(f.dir, name) }

func storeError(format string, args ...any) error {
	return cyqerr.Runtimef(cyqerr.Internal, "ProgramStore", format, args...)
}

// read returns the file's records; none when there is no file yet.
func (f programFile) read() ([]fileRecord, error) {
	h, err := f.fs.Open(f.path(ProgramsFile))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || oserrorNotExist(err) {
			return nil, nil
		}
		return nil, storeError("cannot read the program store %s: %v", ProgramsFile, err)
	}
	defer h.Close()
	b, err := io.ReadAll(h)
	if err != nil {
		return nil, storeError("cannot read the program store %s: %v", ProgramsFile, err)
	}
	var d programsFileData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, cyqerr.Runtimef(cyqerr.ProgramError, "Corrupt", "the program store %s cannot be decoded: %v", ProgramsFile, err)
	}
	if d.Format != programsFormat {
		return nil, cyqerr.Runtimef(cyqerr.ProgramError, "Corrupt", "the program store %s has format %d; this cyq reads format %d", ProgramsFile, d.Format, programsFormat)
	}
	return d.Programs, nil
}

func oserrorNotExist(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe) && errors.Is(pe.Err, os.ErrNotExist)
}

// lock takes the programs file's lock, waiting for another writer (in this
// process or another) to finish; the returned function releases it.
func (f programFile) lock(ctx context.Context) (func(), error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := f.fs.Lock(f.path(ProgramsLock))
		if err == nil {
			return func() { _ = c.Close() }, nil
		}
		if time.Now().After(deadline) {
			return nil, cyqerr.Runtimef(cyqerr.Internal, "ProgramStoreBusy", "the program store's lock %s is held by another writer: %v", ProgramsLock, err).
				WithHint("try again; another process is storing a program")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// update runs fn on the records under the lock and writes its result
// atomically.
func (f programFile) update(ctx context.Context, fn func([]fileRecord) ([]fileRecord, error)) error {
	unlock, err := f.lock(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	recs, err := f.read()
	if err != nil {
		return err
	}
	recs, err = fn(recs)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(programsFileData{Format: programsFormat, Programs: recs}, "", " ")
	if err != nil {
		return storeError("cannot encode the program store: %v", err)
	}
	tmp := f.path(ProgramsFile + ".tmp")
	h, err := f.fs.Create(tmp, vfs.WriteCategoryUnspecified)
	if err != nil {
		return storeError("cannot write the program store beside %s: %v", f.dir, err)
	}
	_, err = h.Write(b)
	if err == nil {
		err = h.Sync()
	}
	if cerr := h.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f.fs.Rename(tmp, f.path(ProgramsFile))
	}
	if err != nil {
		_ = f.fs.Remove(tmp)
		return storeError("cannot write the program store %s: %v", ProgramsFile, err)
	}
	if d, err := f.fs.OpenDir(f.dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
}

func (r fileRecord) stored(withProgram bool) (*StoredProgram, error) {
	sp := &StoredProgram{ID: r.ID, Graph: r.Graph, Name: r.Name, Description: r.Description, Author: r.Author,
		SHA256: r.SHA256, Created: r.Created, Operations: r.Operations}
	return checkStored(sp, r.Program, withProgram)
}
