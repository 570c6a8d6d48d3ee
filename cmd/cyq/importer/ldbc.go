package importer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

// ldbcLabels maps LDBC node file stems to labels.
var ldbcLabels = map[string][]string{
	"organisation": {"Organisation"},
	"place":        {"Place"},
	"tag":          {"Tag"},
	"tagclass":     {"TagClass"},
	"person":       {"Person"},
	"forum":        {"Forum"},
	"post":         {"Post", "Message"},
	"comment":      {"Comment", "Message"},
}

// ldbcSubLabels maps values of the type column to extra labels.
var ldbcSubLabels = map[string]string{
	"company": "Company", "university": "University",
	"city": "City", "country": "Country", "continent": "Continent",
}

// ldbcColumn converts an LDBC field by column name: ids and counts are
// integers, dates are epoch milliseconds, person languages and emails are
// ';'-separated lists.
func ldbcColumn(stem, name, s string) (value.Value, error) {
	switch name {
	case "id", "length", "classYear", "workFrom":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", s)
		}
		return value.Int(n), nil
	case "creationDate", "joinDate", "birthday":
		ms, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a date in epoch milliseconds", s)
		}
		if name == "birthday" {
			return temporal.DateFromEpochDay(floorDiv(ms, 86400000))
		}
		return temporal.FromEpochMillis(ms)
	case "language", "email":
		if stem == "person" {
			var l value.List
			for _, p := range strings.Split(s, ";") {
				l = append(l, value.String(p))
			}
			return l, nil
		}
	}
	return value.String(s), nil
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// ldbcType turns "isLocatedIn" into "IS_LOCATED_IN".
func ldbcType(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

// loadLDBC loads an LDBC SNB data set in the CsvComposite layout with long
// dates: node files <type>_0_0.csv and edge files
// <type>_<relation>_<type>_0_0.csv under dir (searched recursively).
func (l *loader) loadLDBC(dir string) error {
	var nodeFiles, edgeFiles []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".csv") {
			return nil
		}
		if strings.Contains(filepath.ToSlash(p), "update_streams/") || strings.Contains(filepath.ToSlash(p), "substitution_parameters/") {
			return nil
		}
		parts := ldbcParts(p)
		switch len(parts) {
		case 1:
			if _, ok := ldbcLabels[parts[0]]; ok {
				nodeFiles = append(nodeFiles, p)
			}
		case 3:
			edgeFiles = append(edgeFiles, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(nodeFiles) == 0 {
		return fmt.Errorf("%s: no LDBC node files (like person_0_0.csv) found", dir)
	}
	sort.Strings(nodeFiles)
	sort.Strings(edgeFiles)
	for _, p := range nodeFiles {
		if err := l.ldbcFile(p, ldbcParts(p)); err != nil {
			return err
		}
	}
	for _, p := range edgeFiles {
		if err := l.ldbcFile(p, ldbcParts(p)); err != nil {
			return err
		}
	}
	return nil
}

// ldbcParts splits "person_knows_person_0_0.csv" into [person knows person].
func ldbcParts(p string) []string {
	base := strings.TrimSuffix(filepath.Base(p), ".csv")
	f := strings.Split(base, "_")
	for len(f) > 1 {
		if _, err := strconv.Atoi(f[len(f)-1]); err != nil {
			break
		}
		f = f[:len(f)-1]
	}
	return f
}

func (l *loader) ldbcFile(path string, parts []string) error {
	r, closeFn, err := l.openInput(path)
	if err != nil {
		return err
	}
	defer closeFn()
	cr := newSplitReader(r, '|') // LDBC files are not quoted
	hdr, err := cr.Read()
	if err == io.EOF {
		return &InputError{File: path, Line: 1, Msg: "empty file"}
	}
	if err != nil {
		return csvError(path, err)
	}
	hdr = append([]string(nil), hdr...)
	keys := make([]uint32, len(hdr))
	for i, h := range hdr {
		keys[i] = l.b.PropKeyID(h)
	}
	node := len(parts) == 1
	var base []string
	var group string
	var typ uint32
	typeCol := -1
	if node {
		group = parts[0]
		base = ldbcLabels[group]
		for i, h := range hdr {
			if h == "type" {
				typeCol = i
			}
		}
	} else {
		if len(hdr) < 2 {
			return &InputError{File: path, Line: 1, Msg: "an edge file needs two id columns"}
		}
		typ = l.b.TypeID(ldbcType(parts[1]))
	}
	g := l.group(group)
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return csvError(path, err)
		}
		if err := l.cancelled(); err != nil {
			return err
		}
		if len(rec) != len(hdr) {
			line, _ := cr.FieldPos(0)
			return &InputError{File: path, Line: line, Msg: fmt.Sprintf("%d fields, but the header has %d", len(rec), len(hdr))}
		}
		bad := func(i int, msg string) error {
			ln, col := cr.FieldPos(i)
			return &InputError{File: path, Line: ln, Column: col, Msg: fmt.Sprintf("column %q: %s", hdr[i], msg)}
		}
		props := map[uint32]value.Value{}
		first := 0
		if !node {
			first = 2
		}
		for i := first; i < len(rec); i++ {
			if rec[i] == "" {
				continue
			}
			v, err := ldbcColumn(parts[0], hdr[i], rec[i])
			if err != nil {
				return bad(i, err.Error())
			}
			props[keys[i]] = v
		}
		if node {
			labels := base
			if typeCol >= 0 {
				if sub, ok := ldbcSubLabels[rec[typeCol]]; ok {
					labels = append(append([]string(nil), base...), sub)
				}
			}
			id, err := l.addNode(l.labelSet(labels), props)
			if err != nil {
				return err
			}
			if _, dup := g[rec[0]]; dup {
				return bad(0, fmt.Sprintf("duplicate id %q", rec[0]))
			}
			g[rec[0]] = id
			continue
		}
		a, ok := l.ids[parts[0]][rec[0]]
		if !ok {
			return bad(0, fmt.Sprintf("no %s has id %q", parts[0], rec[0]))
		}
		z, ok := l.ids[parts[2]][rec[1]]
		if !ok {
			return bad(1, fmt.Sprintf("no %s has id %q", parts[2], rec[1]))
		}
		if err := l.addRel(a, z, typ, props); err != nil {
			return err
		}
	}
}
