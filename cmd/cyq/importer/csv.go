package importer

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/value/temporal"
)

type colKind int

const (
	colProp colKind = iota
	colID
	colLabel
	colStart
	colEnd
	colType
	colIgnore
)

// column is one parsed header field.
type column struct {
	name  string // property name ("" for :LABEL and the like)
	kind  colKind
	typ   string // int, float, boolean, string, date, datetime, ... ("" for plain)
	array bool
	group string // id group of :ID, :START_ID, :END_ID
	key   uint32 // property key id
}

// parseHeaderField parses "name:type", "id:ID(Group)", ":LABEL", "tags:string[]".
func parseHeaderField(f string) (column, error) {
	name, spec, hasSpec := strings.Cut(f, ":")
	if i := strings.LastIndexByte(f, ':'); i >= 0 {
		name, spec, hasSpec = f[:i], f[i+1:], true
	}
	c := column{name: strings.TrimSpace(name)}
	if !hasSpec {
		return c, nil
	}
	spec = strings.TrimSpace(spec)
	group := ""
	if i := strings.IndexByte(spec, '('); i >= 0 && strings.HasSuffix(spec, ")") {
		group = spec[i+1 : len(spec)-1]
		spec = spec[:i]
	}
	switch strings.ToUpper(spec) {
	case "ID":
		c.kind, c.group = colID, group
		return c, nil
	case "START_ID":
		c.kind, c.group = colStart, group
		return c, nil
	case "END_ID":
		c.kind, c.group = colEnd, group
		return c, nil
	case "LABEL":
		c.kind = colLabel
		return c, nil
	case "TYPE":
		c.kind = colType
		return c, nil
	case "IGNORE":
		c.kind = colIgnore
		return c, nil
	}
	t := strings.ToLower(spec)
	if strings.HasSuffix(t, "[]") {
		c.array = true
		t = strings.TrimSuffix(t, "[]")
	}
	switch t {
	case "int", "long", "short", "byte":
		t = "int"
	case "float", "double":
		t = "float"
	case "boolean", "bool":
		t = "boolean"
	case "string", "char", "date", "datetime", "localdatetime", "time", "localtime", "duration":
	default:
		return c, fmt.Errorf("unknown column type %q in %q", spec, f)
	}
	c.typ = t
	if c.name == "" {
		return c, fmt.Errorf("column %q has a type but no name", f)
	}
	return c, nil
}

// convert turns a field into a value of the column's type.
func (l *loader) convert(c *column, s string) (value.Value, error) {
	if c.array {
		if s == "" {
			return value.List{}, nil
		}
		parts := strings.Split(s, l.opts.ArrayDelimiter)
		out := make(value.List, len(parts))
		for i, p := range parts {
			v, err := scalar(c.typ, p, false)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return scalar(c.typ, s, l.opts.InferTypes)
}

func scalar(typ, s string, infer bool) (value.Value, error) {
	switch typ {
	case "int":
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", s)
		}
		return value.Int(n), nil
	case "float":
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		return value.Float(f), nil
	case "boolean":
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true", "1", "yes", "y", "t":
			return value.Bool(true), nil
		case "false", "0", "no", "n", "f":
			return value.Bool(false), nil
		}
		return nil, fmt.Errorf("%q is not a boolean", s)
	case "date", "datetime", "localdatetime", "time", "localtime", "duration":
		k := map[string]value.Kind{"date": value.KindDate, "datetime": value.KindDateTime, "localdatetime": value.KindLocalDateTime,
			"time": value.KindTime, "localtime": value.KindLocalTime, "duration": value.KindDuration}[typ]
		v, err := temporal.Parse(k, strings.TrimSpace(s), "Z")
		if err != nil {
			return nil, fmt.Errorf("%q is not a %s: %v", s, typ, err)
		}
		return v, nil
	case "", "string", "char":
		if infer && typ == "" {
			switch textKind(s) {
			case sawInt:
				n, _ := strconv.ParseInt(s, 10, 64)
				return value.Int(n), nil
			case sawFloat:
				f, _ := strconv.ParseFloat(s, 64)
				return value.Float(f), nil
			}
		}
		return value.String(s), nil
	}
	return value.String(s), nil
}

// recordReader reads delimited records: an encoding/csv reader, or a
// splitReader for unquoted input.
type recordReader interface {
	Read() ([]string, error)
	FieldPos(field int) (line, column int)
}

// newCSVReader returns a record reader set up from the options: RFC 4180
// quoting through encoding/csv (LazyQuotes off, so stray quotes are
// errors), or plain splitting when quoting is off.
func (l *loader) newCSVReader(r io.Reader) recordReader {
	if l.opts.Quote < 0 {
		return newSplitReader(r, l.opts.Delimiter)
	}
	cr := csv.NewReader(r)
	cr.Comma = l.opts.Delimiter
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return cr
}

// splitReader reads unquoted delimited lines: quotes are ordinary
// characters and every line is one record.
type splitReader struct {
	r     *bufio.Reader
	delim string
	line  int
	pos   []int // byte offset of each field in the line
	rec   []string
}

func newSplitReader(r io.Reader, delim rune) *splitReader {
	return &splitReader{r: bufio.NewReaderSize(r, 1<<16), delim: string(delim)}
}

// Read returns the next line's fields.
func (s *splitReader) Read() ([]string, error) {
	text, err := s.r.ReadString('\n')
	if err == io.EOF && text == "" {
		return nil, io.EOF
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	s.line++
	text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
	s.rec = s.rec[:0]
	s.pos = s.pos[:0]
	off := 0
	for {
		i := strings.Index(text[off:], s.delim)
		s.pos = append(s.pos, off)
		if i < 0 {
			s.rec = append(s.rec, text[off:])
			break
		}
		s.rec = append(s.rec, text[off:off+i])
		off += i + len(s.delim)
	}
	return s.rec, nil
}

// FieldPos returns the line and 1-based column of a field of the last record.
func (s *splitReader) FieldPos(field int) (int, int) {
	if field < 0 || field >= len(s.pos) {
		return s.line, 0
	}
	return s.line, s.pos[field] + 1
}

// csvError turns a reading error into an InputError with the position.
func csvError(path string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		msg := pe.Err.Error()
		if pe.StartLine != pe.Line {
			msg += fmt.Sprintf(" (in the record starting at line %d)", pe.StartLine)
		}
		return &InputError{File: path, Line: pe.Line, Column: pe.Column, Msg: msg}
	}
	return &InputError{File: path, Msg: err.Error()}
}

// stemName derives a label or type from a file name: the last
// dot-separated part of its stem ("stackoverflow.nodes.Question.csv" →
// "Question").
func stemName(path string) string {
	base := filepath.Base(path)
	for _, ext := range []string{".gz", ".csv", ".tsv", ".txt"} {
		base = strings.TrimSuffix(base, ext)
	}
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		base = base[i+1:]
	}
	return base
}

// loadCSV reads a node or relationship file. Headers are admin-import
// style; without :ID (nodes) or :START_ID/:END_ID (relationships) the file
// has a plain header: the id is the --id-column (or first) column, grouped
// by the node label, and a relationship's first two columns are its ends,
// resolved to the node file whose id column has the same name.
func (l *loader) loadCSV(f FileSpec, rel bool) error {
	r, closeFn, err := l.openInput(f.Path)
	if err != nil {
		return err
	}
	defer closeFn()
	// The header is read on its own; the records after it are parsed in
	// parallel (chunks.go) unless the delimiter rules that out.
	ck := l.newChunker(r)
	var cr recordReader
	if ck != nil {
		hb, err := ck.header()
		if err != nil {
			return csvError(f.Path, err)
		}
		cr = l.newCSVReader(bytes.NewReader(hb))
	} else {
		cr = l.newCSVReader(r)
	}
	hdr, err := cr.Read()
	if err == io.EOF {
		return &InputError{File: f.Path, Line: 1, Msg: "empty file: a header line is needed"}
	}
	if err != nil {
		return csvError(f.Path, err)
	}
	hdr = append([]string(nil), hdr...)
	if len(hdr) > 0 {
		hdr[0] = strings.TrimPrefix(hdr[0], "\ufeff")
	}
	cols := make([]column, len(hdr))
	idCol, startCol, endCol, typeCol := -1, -1, -1, -1
	var labelCols []int
	for i, h := range hdr {
		c, err := parseHeaderField(h)
		if err != nil {
			return &InputError{File: f.Path, Line: 1, Column: i + 1, Msg: err.Error()}
		}
		switch c.kind {
		case colID:
			idCol = i
		case colStart:
			startCol = i
		case colEnd:
			endCol = i
		case colType:
			typeCol = i
		case colLabel:
			labelCols = append(labelCols, i)
		}
		cols[i] = c
	}
	labels := f.Labels
	if !rel && len(labels) == 0 && len(labelCols) == 0 {
		labels = []string{stemName(f.Path)}
	}
	plain := false
	if !rel && idCol < 0 {
		plain = true
		idCol = 0
		for i, c := range cols {
			if l.opts.IDColumn != "" && c.name == l.opts.IDColumn {
				idCol = i
			}
		}
		if len(cols) == 0 {
			return &InputError{File: f.Path, Line: 1, Msg: "no columns"}
		}
		cols[idCol].kind = colID
		cols[idCol].group = groupFor(labels, f.Path)
		l.plainIDs()[cols[idCol].name] = cols[idCol].group
	}
	if rel && (startCol < 0 || endCol < 0) {
		if startCol >= 0 || endCol >= 0 || len(cols) < 2 {
			return &InputError{File: f.Path, Line: 1, Msg: "a relationship file needs :START_ID and :END_ID columns (or plain headers whose first two columns are the ends)"}
		}
		plain = true
		startCol, endCol = 0, 1
		for i, ci := range []int{0, 1} {
			c := &cols[ci]
			c.group = l.plainIDs()[c.name]
			if c.group == "" {
				c.group = anyGroup
			}
			c.kind = []colKind{colStart, colEnd}[i]
		}
	}
	if rel && typeCol < 0 && f.Type == "" {
		f.Type = stemName(f.Path)
	}
	for i := range cols {
		c := &cols[i]
		if c.kind == colProp {
			c.key = l.b.PropKeyID(c.name)
		}
		if c.kind == colID && c.name != "" {
			c.key = l.b.PropKeyID(c.name)
		}
	}
	if l.merge != nil && !rel && idCol >= 0 && cols[idCol].name == "" {
		return &InputError{File: f.Path, Line: 1, Column: idCol + 1, Msg: errMergeNoID.Error()}
	}
	if l.merge != nil && !rel && len(labels) > 0 {
		l.merge.groups[cols[idCol].group] = indexKey{labels[0], cols[idCol].name}
	}
	if l.opts.InferTypes {
		if err := l.inferColumns(f.Path, cols); err != nil {
			return err
		}
	}
	var fixedType uint32
	if f.Type != "" {
		fixedType = l.b.TypeID(f.Type)
	}
	cf := &csvFile{l: l, f: f, hdr: hdr, cols: cols, rel: rel, plain: plain, labels: labels, labelCols: labelCols,
		fixed: l.labelSet(labels), fixedType: fixedType, idCol: idCol, startCol: startCol, endCol: endCol, typeCol: typeCol}
	if ck != nil {
		return cf.loadParallel(ck)
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			if err := l.bad(csvError(f.Path, err)); err != nil {
				return err
			}
			continue
		}
		if err := l.cancelled(); err != nil {
			return err
		}
		if err := cf.record(&row{rec: rec, cr: cr}); err != nil {
			if err := l.bad(err); err != nil {
				return err
			}
		}
	}
	return nil
}

// csvFile is the state of reading one CSV file.
type csvFile struct {
	l         *loader
	f         FileSpec
	hdr       []string
	cols      []column
	rel       bool // a relationship file
	plain     bool // plain headers
	labels    []string
	labelCols []int    // :LABEL columns
	fixed     []uint32 // labels of every node
	fixedType uint32   // type of every relationship without a :TYPE value
	idCol     int
	startCol  int
	endCol    int
	typeCol   int
}

// record adds the node or relationship of one CSV record.
func (cf *csvFile) record(r *row) error {
	l, f, hdr, cols := cf.l, cf.f, cf.hdr, cf.cols
	startCol, endCol, typeCol := cf.startCol, cf.endCol, cf.typeCol
	rec := r.rec
	line, _ := r.fieldPos(0)
	if len(rec) == 1 && rec[0] == "" {
		return nil // blank line
	}
	if len(rec) > len(cols) {
		if joined, ok := joinSurplus(rec, len(cols), string(l.opts.Delimiter)); ok {
			l.repaired++
			l.report("repaired: ", &InputError{File: f.Path, Line: line, Msg: fmt.Sprintf(
				"%d fields for a header of %d; joined each field that starts with a space to the one before it (an unquoted %q inside a field)",
				len(rec), len(cols), l.opts.Delimiter)})
			rec = joined
			r = &row{rec: rec, cr: r.cr, pos: r.pos}
		}
	}
	if len(rec) != len(cols) {
		return &InputError{File: f.Path, Line: line, Msg: fmt.Sprintf("%d fields, but the header has %d", len(rec), len(cols))}
	}
	bad := func(i int, msg string) error {
		ln, col := r.fieldPos(i)
		return &InputError{File: f.Path, Line: ln, Column: col, Msg: fmt.Sprintf("column %q: %s", hdr[i], msg)}
	}
	props, err := r.props, r.bad
	if !r.conv {
		props, err = cf.convert(r)
	}
	if err != nil {
		return err
	}
	if !cf.rel {
		return cf.node(r, props)
	}
	a, err := l.lookup(cols[startCol].group, rec[startCol])
	if err != nil {
		return bad(startCol, err.Error())
	}
	z, err := l.lookup(cols[endCol].group, rec[endCol])
	if err != nil {
		return bad(endCol, err.Error())
	}
	t := cf.fixedType
	if typeCol >= 0 && rec[typeCol] != "" {
		t = l.b.TypeID(rec[typeCol])
	} else if f.Type == "" {
		return bad(max(typeCol, 0), "no relationship type (give --relationships=TYPE or a :TYPE column)")
	}
	return l.addRel(a, z, t, props)
}

// convert converts the property fields of a record with as many fields
// as the header (safe for concurrent use: it reads only the options and
// the columns).
func (cf *csvFile) convert(r *row) (map[uint32]value.Value, error) {
	l, cols := cf.l, cf.cols
	nullStr := l.opts.Null
	props := make(map[uint32]value.Value, len(cols))
	for i := range cols {
		c := &cols[i]
		s := r.rec[i]
		if c.kind != colProp && !(c.kind == colID && c.name != "") {
			continue
		}
		if s == "" || (nullStr != "" && s == nullStr) {
			continue
		}
		v, err := l.convert(&column{typ: c.typ, array: c.array}, s)
		if err != nil {
			ln, col := r.fieldPos(i)
			return nil, &InputError{File: cf.f.Path, Line: ln, Column: col, Msg: fmt.Sprintf("column %q: %s", cf.hdr[i], err.Error())}
		}
		props[c.key] = v
	}
	return props, nil
}

// node adds (or, merging, matches) the node of one record.
func (cf *csvFile) node(r *row, props map[uint32]value.Value) error {
	l, cols, idCol, rec := cf.l, cf.cols, cf.idCol, r.rec
	names, ls := cf.labels, cf.fixed
	if len(cf.labelCols) > 0 {
		names = append([]string(nil), cf.labels...)
		for _, i := range cf.labelCols {
			for _, n := range strings.Split(rec[i], l.opts.ArrayDelimiter) {
				if n = strings.TrimSpace(n); n != "" {
					names = append(names, n)
				}
			}
		}
		ls = l.labelSet(names)
	}
	bad := func(msg string) error {
		ln, col := r.fieldPos(idCol)
		return &InputError{File: cf.f.Path, Line: ln, Column: col, Msg: fmt.Sprintf("column %q: %s", cf.hdr[idCol], msg)}
	}
	key := rec[idCol]
	if key == "" {
		if cf.plain {
			return bad("empty id")
		}
		_, err := l.addNode(ls, props)
		return err
	}
	g := l.group(cols[idCol].group)
	if _, dup := g[key]; dup {
		return bad(fmt.Sprintf("duplicate id %q", key))
	}
	if len(names) > 0 {
		n, ok, err := l.existing(names[0], cols[idCol].name, key)
		if err != nil {
			return err
		}
		if ok {
			g[key] = n
			l.row()
			return l.merge.update(n, ls, props)
		}
	}
	id, err := l.addNode(ls, props)
	if err != nil {
		return err
	}
	g[key] = id
	return nil
}

// anyGroup marks an end column that may refer to a node of any group.
const anyGroup = "\x00any"

// groupFor names the id group of a plain-header node file.
func groupFor(labels []string, path string) string {
	if len(labels) > 0 {
		return labels[0]
	}
	return stemName(path)
}

// plainIDs maps the id column names of plain-header node files to groups.
func (l *loader) plainIDs() map[string]string {
	if l.plain == nil {
		l.plain = map[string]string{}
	}
	return l.plain
}

// lookup finds the node with an id in a group.
func (l *loader) lookup(group, key string) (uint32, error) {
	if group == anyGroup {
		found, n := uint32(0), 0
		for _, g := range l.ids {
			if id, ok := g[key]; ok {
				found, n = id, n+1
			}
		}
		if n == 0 && l.merge != nil {
			var err error
			if found, n, err = l.merge.lookup(group, key); err != nil {
				return 0, err
			}
		}
		switch n {
		case 1:
			return found, nil
		case 0:
			return 0, fmt.Errorf("no node has id %q", key)
		}
		return 0, fmt.Errorf("id %q is ambiguous: name the column after a node file's id column, or use :START_ID(Group)/:END_ID(Group)", key)
	}
	if id, ok := l.ids[group][key]; ok {
		return id, nil
	}
	if l.merge != nil {
		if id, n, err := l.merge.lookup(group, key); err != nil || n == 1 {
			return id, err
		}
	}
	if group == "" {
		return 0, fmt.Errorf("no node has id %q", key)
	}
	return 0, fmt.Errorf("no node has id %q in group %s", key, group)
}
