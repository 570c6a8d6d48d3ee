package importer

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// loadEdges reads a whitespace-separated edge list of integer node ids;
// '#' and '%' start comment lines. Nodes are created on first sight with
// an integer id property.
func (l *loader) loadEdges(e EdgeSpec) error {
	if e.Label == "" {
		e.Label = "Node"
	}
	if e.Type == "" {
		e.Type = "EDGE"
	}
	r, closeFn, err := l.openInput(e.Path)
	if err != nil {
		return err
	}
	defer closeFn()
	labels := l.labelSet([]string{e.Label})
	typ := l.b.TypeID(e.Type)
	key := l.b.PropKeyID("id")
	// Node ids of edge lists are mostly small dense integers: those are
	// looked up in a slice (id+1, 0 meaning unseen), the rest in a map.
	const denseLimit = 1 << 24
	var dense []uint32
	nodes := map[int64]uint32{}
	node := func(n int64) (uint32, error) {
		if n >= 0 && n < denseLimit {
			if n < int64(len(dense)) && dense[n] != 0 {
				return dense[n] - 1, nil
			}
		} else if id, ok := nodes[n]; ok {
			return id, nil
		}
		id, found, err := l.existing(e.Label, "id", strconv.FormatInt(n, 10))
		if err == nil && !found {
			id, err = l.addNode(labels, map[uint32]value.Value{key: value.Int(n)})
		}
		if err != nil {
			return 0, err
		}
		if n >= 0 && n < denseLimit {
			if n >= int64(len(dense)) {
				grown := make([]uint32, max(2*len(dense), int(n)+1, 1024))
				copy(grown, dense)
				dense = grown
			}
			dense[n] = id + 1
		} else {
			nodes[n] = id
		}
		return id, nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		if err := l.cancelled(); err != nil {
			return err
		}
		s := sc.Bytes()
		i := 0
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) || s[i] == '#' || s[i] == '%' {
			continue
		}
		var ends [2]int64
		var lineErr error
		for k := 0; k < 2; k++ {
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
				i++
			}
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != ',' && s[j] != '\r' {
				j++
			}
			if j == i {
				lineErr = &InputError{File: e.Path, Line: line, Column: i + 1, Msg: "expected two node ids"}
				break
			}
			n, err := parseID(s[i:j])
			if err != nil {
				lineErr = &InputError{File: e.Path, Line: line, Column: i + 1, Msg: fmt.Sprintf("%q is not an integer node id", s[i:j])}
				break
			}
			ends[k] = n
			i = j
		}
		if lineErr != nil {
			if err := l.bad(lineErr); err != nil {
				return err
			}
			continue
		}
		a, err := node(ends[0])
		if err != nil {
			return err
		}
		z, err := node(ends[1])
		if err != nil {
			return err
		}
		if err := l.addRel(a, z, typ, nil); err != nil {
			return err
		}
		if e.Undirected {
			if err := l.addRel(z, a, typ, nil); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return &InputError{File: e.Path, Line: line + 1, Msg: err.Error()}
	}
	return nil
}

// existing finds, when merging, the node of the graph with label and an
// id property equal to id; a node matched this way counts as merged.
func (l *loader) existing(label, key, id string) (uint32, bool, error) {
	if l.merge == nil {
		return 0, false, nil
	}
	n, ok, err := l.merge.find(label, key, id)
	if ok && err == nil {
		l.merge.nodes++
	}
	return n, ok, err
}

// loadTriples reads head<TAB>relation<TAB>tail files. Entity nodes have a
// string id; with EntityText they also get text (the whole description)
// and name (the text up to its first comma).
func (l *loader) loadTriples(t TripleSpec) error {
	if t.Label == "" {
		t.Label = "Entity"
	}
	labels := l.labelSet([]string{t.Label})
	idKey := l.b.PropKeyID("id")
	g := l.group(t.Label)
	node := func(id string) (uint32, error) {
		if n, ok := g[id]; ok {
			return n, nil
		}
		n, found, err := l.existing(t.Label, "id", id)
		if err == nil && !found {
			n, err = l.addNode(labels, map[uint32]value.Value{idKey: value.String(id)})
		}
		if err != nil {
			return 0, err
		}
		g[id] = n
		return n, nil
	}
	if t.EntityText != "" {
		nameKey, textKey := l.b.PropKeyID("name"), l.b.PropKeyID("text")
		err := l.eachLine(t.EntityText, func(line int, s string) error {
			id, text, ok := strings.Cut(s, "\t")
			if !ok {
				return &InputError{File: t.EntityText, Line: line, Msg: "expected id<TAB>text"}
			}
			if _, dup := g[id]; dup {
				return &InputError{File: t.EntityText, Line: line, Column: 1, Msg: fmt.Sprintf("duplicate entity %q", id)}
			}
			name, _, _ := strings.Cut(text, ",")
			props := map[uint32]value.Value{idKey: value.String(id), nameKey: value.String(strings.TrimSpace(name)), textKey: value.String(text)}
			n, found, err := l.existing(t.Label, "id", id)
			if err == nil && found {
				l.row()
				err = l.merge.update(n, labels, props)
			} else if err == nil {
				n, err = l.addNode(labels, props)
			}
			if err != nil {
				return err
			}
			g[id] = n
			return nil
		})
		if err != nil {
			return err
		}
	}
	types := map[string]uint32{}
	for _, p := range t.Paths {
		err := l.eachLine(p, func(line int, s string) error {
			f := strings.Split(s, "\t")
			if len(f) != 3 {
				return &InputError{File: p, Line: line, Msg: fmt.Sprintf("expected head<TAB>relation<TAB>tail, got %d fields", len(f))}
			}
			if f[1] == "" {
				return &InputError{File: p, Line: line, Column: len(f[0]) + 2, Msg: "empty relation"}
			}
			typ, ok := types[f[1]]
			if !ok {
				typ = l.b.TypeID(f[1])
				types[f[1]] = typ
			}
			a, err := node(f[0])
			if err != nil {
				return err
			}
			z, err := node(f[2])
			if err != nil {
				return err
			}
			return l.addRel(a, z, typ, nil)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// eachLine calls fn with each non-empty line (without its line ending).
func (l *loader) eachLine(path string, fn func(line int, s string) error) error {
	r, closeFn, err := l.openInput(path)
	if err != nil {
		return err
	}
	defer closeFn()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		if err := l.cancelled(); err != nil {
			return err
		}
		s := strings.TrimRight(sc.Text(), "\r")
		if s == "" {
			continue
		}
		if err := fn(line, s); err != nil {
			if err := l.bad(err); err != nil { // a malformed line may be tolerated
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return &InputError{File: path, Line: line + 1, Msg: err.Error()}
	}
	return nil
}

// parseID parses a decimal node id without allocating; anything unusual
// goes to strconv for its checks and error.
func parseID(b []byte) (int64, error) {
	if len(b) > 0 && len(b) < 19 {
		var n int64
		ok := true
		for _, c := range b {
			if c < '0' || c > '9' {
				ok = false
				break
			}
			n = n*10 + int64(c-'0')
		}
		if ok {
			return n, nil
		}
	}
	return strconv.ParseInt(string(b), 10, 64)
}
