package datasets

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// SlashdotPath returns the path of the SNAP soc-Slashdot0902 edge list
// (82,168 users, 948,464 directed links), or skips tb when the shared data
// or the dataset is absent.
func SlashdotPath(tb testing.TB) string {
	tb.Helper()
	return filepath.Join(testenv.Dataset(tb, "snap-soc-slashdot0902"), "soc-Slashdot0902.txt.gz")
}

// LoadEdgeList bulk-loads a SNAP edge list into g as
// (:User {id})-[:LINKS]->(:User {id}). The file holds one "u v" pair of
// integer ids per line, with '#' comment lines, and is read through gzip
// when its name ends in ".gz". An undirected list gets one relationship
// per direction.
func LoadEdgeList(g *storage.Graph, path string, undirected bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return err
		}
		r = gz
	}
	sc := bufio.NewScanner(r)
	return g.BulkLoad(context.Background(), storage.BulkSourceFunc(func(b *storage.BulkBuilder) error {
		user := []uint32{b.LabelID("User")}
		links := b.TypeID("LINKS")
		idKey := b.PropKeyID("id")
		ids := map[int64]uint32{}
		node := func(x int64) (uint32, error) {
			if id, ok := ids[x]; ok {
				return id, nil
			}
			id, err := b.AddNode(user, map[uint32]value.Value{idKey: value.Int(x)})
			ids[x] = id
			return id, err
		}
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fields := strings.Fields(line)
			if len(fields) < 2 {
				return fmt.Errorf("bad line %q", line)
			}
			u, err1 := strconv.ParseInt(fields[0], 10, 64)
			v, err2 := strconv.ParseInt(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("bad line %q", line)
			}
			s, err := node(u)
			if err != nil {
				return err
			}
			e, err := node(v)
			if err != nil {
				return err
			}
			if _, err := b.AddRel(s, e, links, nil); err != nil {
				return err
			}
			if undirected {
				if _, err := b.AddRel(e, s, links, nil); err != nil {
					return err
				}
			}
		}
		return sc.Err()
	}), nil)
}
