package harness

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// KuzuPrep writes, for each named dataset, the CSV files Kuzu loads and a
// load script (load.cypher: CREATE NODE/REL TABLE and COPY FROM
// statements, one per line) into out/<dataset>/. The schemas mirror what
// the cyq loaders produce; where Kuzu's data model cannot express the same
// thing (one label per node, typed columns) the script's comments say how.
func KuzuPrep(data, out string, datasets []string) error {
	for _, ds := range datasets {
		dir := filepath.Join(out, ds)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		var stmts []string
		var err error
		switch ds {
		case "slashdot":
			stmts, err = kuzuEdgeList(filepath.Join(data, "snap-soc-slashdot0902", "soc-Slashdot0902.txt.gz"), dir, false)
		case "facebook":
			stmts, err = kuzuEdgeList(filepath.Join(data, "snap-ego-facebook", "facebook_combined.txt"), dir, true)
		case "wn18rr":
			stmts, err = kuzuWN18RR(filepath.Join(data, "wn18rr"), dir)
		case "ldbc":
			stmts, err = kuzuLDBC(filepath.Join(data, "ldbc-snb-interactive-mini", "initial_snapshot"), dir)
		case "movies":
			stmts, err = kuzuMovies(filepath.Join(data, "neo4j-movies", "movies.cypher"))
		default:
			err = fmt.Errorf("no Kuzu loader for dataset %q", ds)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", ds, err)
		}
		var b strings.Builder
		for _, s := range stmts {
			b.WriteString(strings.ReplaceAll(s, "\n", " "))
			b.WriteString("\n")
		}
		if err := os.WriteFile(filepath.Join(dir, "load.cypher"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func kq(path string) string { return "'" + strings.ReplaceAll(path, "'", "\\'") + "'" }

func openMaybeGzip(path string) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		return gz, func() { f.Close() }, nil
	}
	return f, func() { f.Close() }, nil
}

// kuzuEdgeList: (:User {id INT64})-[:LINKS]->(:User), every line kept
// (self-loops too); undirected lists get both directions.
func kuzuEdgeList(src, dir string, undirected bool) ([]string, error) {
	r, closeFn, err := openMaybeGzip(src)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	seen := map[int64]bool{}
	var order []int64
	links := filepath.Join(dir, "links.csv")
	err = writeCSV(links, nil, func(w func([]string) error) error {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) < 2 || strings.HasPrefix(f[0], "#") {
				continue
			}
			var ids [2]int64
			for i := 0; i < 2; i++ {
				n, err := strconv.ParseInt(f[i], 10, 64)
				if err != nil {
					return err
				}
				ids[i] = n
				if !seen[n] {
					seen[n] = true
					order = append(order, n)
				}
			}
			if err := w([]string{f[0], f[1]}); err != nil {
				return err
			}
			if undirected {
				if err := w([]string{f[1], f[0]}); err != nil {
					return err
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		return nil, err
	}
	users := filepath.Join(dir, "users.csv")
	err = writeCSV(users, nil, func(w func([]string) error) error {
		for _, n := range order {
			if err := w([]string{strconv.FormatInt(n, 10)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return []string{
		"CREATE NODE TABLE User(id INT64, PRIMARY KEY(id))",
		"CREATE REL TABLE LINKS(FROM User TO User)",
		"COPY User FROM " + kq(users) + " (header=false)",
		"COPY LINKS FROM " + kq(links) + " (header=false)",
	}, nil
}

// kuzuWN18RR: Entity(id STRING primary key, name, definition), one REL
// TABLE per relation named as in the file.
func kuzuWN18RR(src, dir string) ([]string, error) {
	ents := filepath.Join(dir, "entities.csv")
	err := writeCSV(ents, nil, func(w func([]string) error) error {
		return eachLine(filepath.Join(src, "entity2text.txt"), func(s string) error {
			id, text, _ := strings.Cut(s, "\t")
			name, def, _ := strings.Cut(text, ", ")
			return w([]string{id, name, def})
		})
	})
	if err != nil {
		return nil, err
	}
	byRel := map[string][][]string{}
	var rels []string
	err = eachTriple(src, func(h, r, t string) error {
		if _, ok := byRel[r]; !ok {
			rels = append(rels, r)
		}
		byRel[r] = append(byRel[r], []string{h, t})
		return nil
	})
	if err != nil {
		return nil, err
	}
	stmts := []string{"CREATE NODE TABLE Entity(id STRING, name STRING, definition STRING, PRIMARY KEY(id))"}
	copies := []string{"COPY Entity FROM " + kq(ents) + " (header=false, NULL_STRINGS=[''])"}
	for _, r := range rels {
		p := filepath.Join(dir, "rel"+r+".csv")
		rows := byRel[r]
		if err := writeCSV(p, nil, func(w func([]string) error) error {
			for _, row := range rows {
				if err := w(row); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return nil, err
		}
		stmts = append(stmts, "CREATE REL TABLE `"+r+"`(FROM Entity TO Entity)")
		copies = append(copies, "COPY `"+r+"` FROM "+kq(p)+" (header=false)")
	}
	return append(stmts, copies...), nil
}

// kuzuMovies: the script's CREATE statement as given, after a schema
// (Kuzu cannot create nodes without a table). The script's Neo4j schema
// commands (constraints, indexes) are left out: Kuzu has primary keys.
func kuzuMovies(src string) ([]string, error) {
	b, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	stmts := []string{
		"CREATE NODE TABLE Person(name STRING, born INT64, PRIMARY KEY(name))",
		"CREATE NODE TABLE Movie(title STRING, released INT64, tagline STRING, PRIMARY KEY(title))",
		"CREATE REL TABLE ACTED_IN(FROM Person TO Movie, roles STRING[])",
		"CREATE REL TABLE DIRECTED(FROM Person TO Movie)",
		"CREATE REL TABLE PRODUCED(FROM Person TO Movie)",
		"CREATE REL TABLE WROTE(FROM Person TO Movie)",
		"CREATE REL TABLE REVIEWED(FROM Person TO Movie, summary STRING, rating INT64)",
		"CREATE REL TABLE FOLLOWS(FROM Person TO Person)",
	}
	for _, st := range strings.Split(string(b), ";") {
		st = strings.TrimSpace(st)
		if st == "" || strings.HasPrefix(st, "CREATE CONSTRAINT") || strings.HasPrefix(st, "CREATE INDEX") {
			continue
		}
		stmts = append(stmts, st)
	}
	return stmts, nil
}

var ldbcFile = regexp.MustCompile(`^([a-z]+)(?:_([a-zA-Z]+)_([a-z]+))?_0_0\.csv$`)

// kuzuLDBC: one NODE TABLE per LDBC node type, except that places become
// City/Country/Continent and organisations Company/University (Kuzu nodes
// have exactly one table, so :Message is written :Post:Comment and :Place
// :City:Country:Continent in the Kuzu queries). REL TABLEs have one
// FROM/TO pair per combination present in the data. Dates become
// TIMESTAMP (birthday DATE), Person.language and email STRING[], as the
// cyq LDBC importer types them.
func kuzuLDBC(src, dir string) ([]string, error) {
	var nodeFiles, edgeFiles []string
	for _, sub := range []string{"static", "dynamic"} {
		ents, err := os.ReadDir(filepath.Join(src, sub))
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			m := ldbcFile.FindStringSubmatch(e.Name())
			if m == nil {
				continue
			}
			if m[2] == "" {
				nodeFiles = append(nodeFiles, filepath.Join(src, sub, e.Name()))
			} else {
				edgeFiles = append(edgeFiles, filepath.Join(src, sub, e.Name()))
			}
		}
	}
	sort.Strings(nodeFiles)
	sort.Strings(edgeFiles)
	tableOf := map[string]map[string]string{} // stem → id → table
	type tbl struct {
		cols  []string
		types []string
		rows  [][]string
	}
	tables := map[string]*tbl{}
	var tableOrder []string
	for _, p := range nodeFiles {
		stem := ldbcFile.FindStringSubmatch(filepath.Base(p))[1]
		hdr, rows, err := readPipe(p)
		if err != nil {
			return nil, err
		}
		typeCol := slices.Index(hdr, "type")
		ids := map[string]string{}
		tableOf[stem] = ids
		for _, rec := range rows {
			name := ldbcTable(stem)
			if typeCol >= 0 && (stem == "place" || stem == "organisation") {
				name = capitalise(rec[typeCol])
			}
			t := tables[name]
			if t == nil {
				t = &tbl{cols: hdr}
				for _, h := range hdr {
					t.types = append(t.types, kuzuType(stem, h))
				}
				tables[name] = t
				tableOrder = append(tableOrder, name)
			}
			ids[rec[0]] = name
			out := make([]string, len(rec))
			for i, s := range rec {
				out[i] = kuzuField(stem, hdr[i], s)
			}
			t.rows = append(t.rows, out)
		}
	}
	var stmts, copies []string
	for _, name := range tableOrder {
		t := tables[name]
		var cols []string
		for i, c := range t.cols {
			cols = append(cols, "`"+c+"` "+t.types[i])
		}
		stmts = append(stmts, fmt.Sprintf("CREATE NODE TABLE %s(%s, PRIMARY KEY(id))", name, strings.Join(cols, ", ")))
		p := filepath.Join(dir, "node_"+name+".csv")
		if err := writeRows(p, t.rows); err != nil {
			return nil, err
		}
		copies = append(copies, "COPY "+name+" FROM "+kq(p)+" (header=false, delim='|', NULL_STRINGS=[''])")
	}
	type pair struct{ from, to string }
	type rel struct {
		cols  []string
		types []string
		pairs []pair
		rows  map[pair][][]string
	}
	rels := map[string]*rel{}
	var relOrder []string
	for _, p := range edgeFiles {
		m := ldbcFile.FindStringSubmatch(filepath.Base(p))
		a, typ, z := m[1], ldbcRelType(m[2]), m[3]
		hdr, rows, err := readPipe(p)
		if err != nil {
			return nil, err
		}
		r := rels[typ]
		if r == nil {
			r = &rel{cols: hdr[2:], rows: map[pair][][]string{}}
			for _, h := range hdr[2:] {
				r.types = append(r.types, kuzuType("", h))
			}
			rels[typ] = r
			relOrder = append(relOrder, typ)
		}
		for _, rec := range rows {
			pr := pair{tableOf[a][rec[0]], tableOf[z][rec[1]]}
			if pr.from == "" || pr.to == "" {
				return nil, fmt.Errorf("%s: unknown end in %v", p, rec)
			}
			if _, ok := r.rows[pr]; !ok {
				r.pairs = append(r.pairs, pr)
			}
			out := []string{rec[0], rec[1]}
			for i, s := range rec[2:] {
				out = append(out, kuzuField("", hdr[i+2], s))
			}
			r.rows[pr] = append(r.rows[pr], out)
		}
	}
	for _, typ := range relOrder {
		r := rels[typ]
		var parts []string
		for _, pr := range r.pairs {
			parts = append(parts, "FROM "+pr.from+" TO "+pr.to)
		}
		for i, c := range r.cols {
			parts = append(parts, "`"+c+"` "+r.types[i])
		}
		stmts = append(stmts, fmt.Sprintf("CREATE REL TABLE %s(%s)", typ, strings.Join(parts, ", ")))
		for _, pr := range r.pairs {
			p := filepath.Join(dir, fmt.Sprintf("rel_%s_%s_%s.csv", typ, pr.from, pr.to))
			if err := writeRows(p, r.rows[pr]); err != nil {
				return nil, err
			}
			opt := ""
			if len(r.pairs) > 1 {
				opt = fmt.Sprintf(", from='%s', to='%s'", pr.from, pr.to)
			}
			copies = append(copies, "COPY "+typ+" FROM "+kq(p)+" (header=false, delim='|', NULL_STRINGS=['']"+opt+")")
		}
	}
	return append(stmts, copies...), nil
}

func writeRows(p string, rows [][]string) error {
	return writeCSVDelim(p, '|', nil, func(w func([]string) error) error {
		for _, r := range rows {
			if err := w(r); err != nil {
				return err
			}
		}
		return nil
	})
}

func readPipe(p string) ([]string, [][]string, error) {
	var hdr []string
	var rows [][]string
	err := eachLine(p, func(s string) error {
		f := strings.Split(s, "|")
		if hdr == nil {
			hdr = f
			return nil
		}
		if len(f) != len(hdr) {
			return fmt.Errorf("%s: %d fields, header has %d", p, len(f), len(hdr))
		}
		rows = append(rows, f)
		return nil
	})
	return hdr, rows, err
}

func ldbcTable(stem string) string {
	if stem == "tagclass" {
		return "TagClass"
	}
	return capitalise(stem)
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func ldbcRelType(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

func kuzuType(stem, col string) string {
	switch col {
	case "id", "length", "classYear", "workFrom":
		return "INT64"
	case "creationDate", "joinDate":
		return "TIMESTAMP"
	case "birthday":
		return "DATE"
	case "language", "email":
		if stem == "person" {
			return "STRING[]"
		}
	}
	return "STRING"
}

func kuzuField(stem, col, s string) string {
	if s == "" {
		return s
	}
	switch kuzuType(stem, col) {
	case "TIMESTAMP":
		ms, err := strconv.ParseInt(s, 10, 64)
		if err == nil {
			return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04:05.000")
		}
	case "DATE":
		ms, err := strconv.ParseInt(s, 10, 64)
		if err == nil {
			return time.UnixMilli(ms).UTC().Format("2006-01-02")
		}
	case "STRING[]":
		return "[" + strings.ReplaceAll(s, ";", ",") + "]"
	}
	return s
}
