package temporal

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/internal/testenv"
	"github.com/cyqdb/cyq/value"
)

// This file runs the TCK scenarios that exercise temporal values through a
// miniature Cypher interpreter: enough of RETURN, WITH, UNWIND, ORDER BY,
// LIMIT, CREATE and MATCH on one node to evaluate temporal constructors,
// property access, comparisons and toString. Stored values go through
// AppendBinary/DecodeBinary.

type gStep struct {
	text  string
	doc   string
	table [][]string
}

type gScenario struct {
	file, name string
	steps      []gStep
}

var placeholderRE = regexp.MustCompile(`<([A-Za-z0-9_]+)>`)

func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	line = strings.TrimSuffix(line, "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '\\' && i+1 < len(line) {
			switch line[i+1] {
			case '|':
				cur.WriteByte('|')
				i++
				continue
			case '\\':
				cur.WriteByte('\\')
				i++
				continue
			}
		}
		if c == '|' {
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteByte(c)
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// parseFeature reads a feature file and expands Scenario Outlines.
func parseFeature(t *testing.T, path string) []gScenario {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, strings.TrimRight(sc.Text(), "\r"))
	}
	var out []gScenario
	var cur *gScenario
	outline := false
	var examples [][]string
	flush := func() {
		if cur == nil {
			return
		}
		if !outline {
			out = append(out, *cur)
		} else if len(examples) > 1 {
			hdr := examples[0]
			for ri, row := range examples[1:] {
				sub := func(s string) string {
					return placeholderRE.ReplaceAllStringFunc(s, func(m string) string {
						name := m[1 : len(m)-1]
						for i, h := range hdr {
							if h == name && i < len(row) {
								return row[i]
							}
						}
						return m
					})
				}
				s := gScenario{file: cur.file, name: cur.name + " #" + itoa(ri+1)}
				for _, st := range cur.steps {
					ns := gStep{text: sub(st.text), doc: sub(st.doc)}
					for _, r := range st.table {
						var nr []string
						for _, c := range r {
							nr = append(nr, sub(c))
						}
						ns.table = append(ns.table, nr)
					}
					s.steps = append(s.steps, ns)
				}
				out = append(out, s)
			}
		}
		cur, examples = nil, nil
	}
	inExamples := false
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			continue
		case strings.HasPrefix(l, "Scenario Outline:") || strings.HasPrefix(l, "Scenario:"):
			flush()
			outline = strings.HasPrefix(l, "Scenario Outline:")
			name := strings.TrimSpace(l[strings.Index(l, ":")+1:])
			cur = &gScenario{file: filepath.Base(path), name: name}
			inExamples = false
		case strings.HasPrefix(l, "Examples:"):
			inExamples = true
		case cur == nil:
			continue
		case strings.HasPrefix(l, "|"):
			row := splitRow(l)
			if inExamples {
				examples = append(examples, row)
			} else if n := len(cur.steps); n > 0 {
				cur.steps[n-1].table = append(cur.steps[n-1].table, row)
			}
		case l == `"""`:
			var doc []string
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != `"""`; i++ {
				doc = append(doc, strings.TrimSpace(lines[i]))
			}
			if n := len(cur.steps); n > 0 {
				cur.steps[n-1].doc = strings.Join(doc, "\n")
			}
		case strings.HasPrefix(l, "@"):
			continue
		default:
			cur.steps = append(cur.steps, gStep{text: l})
		}
	}
	flush()
	return out
}

func itoa(i int) string { return value.Format(value.Int(int64(i))) }

// runScenario executes one scenario; it returns "" on success, "skip: …"
// when the scenario uses something the mini interpreter lacks, or a failure
// message.
func runScenario(sc gScenario) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(skipErr); ok {
				msg = "skip: " + string(s)
				return
			}
			msg = "panic: " + toStr(r)
		}
	}()
	in := &interp{}
	var result [][]value.Value
	var ordered bool
	for _, st := range sc.steps {
		switch {
		case strings.HasPrefix(st.text, "Given"):
		case strings.Contains(st.text, "having executed"), strings.Contains(st.text, "executing query"), strings.Contains(st.text, "executing control query"):
			rows, err := in.run(st.doc)
			if err != nil {
				return "query failed: " + err.Error() + "\n" + st.doc
			}
			result = rows
		case strings.Contains(st.text, "result should be empty"):
			if len(result) != 0 {
				return "expected empty result"
			}
		case strings.Contains(st.text, "result should be"):
			ordered = strings.Contains(st.text, "in order")
			want := st.table[1:]
			if len(want) != len(result) {
				return "row count: got " + itoa(len(result)) + ", want " + itoa(len(want))
			}
			got := make([][]string, len(result))
			for i, r := range result {
				for _, v := range r {
					got[i] = append(got[i], render(v))
				}
			}
			w := make([][]string, len(want))
			copy(w, want)
			if !ordered {
				sortRows(got)
				sortRows(w)
			}
			for i := range w {
				if strings.Join(w[i], " | ") != strings.Join(got[i], " | ") {
					return "got  " + strings.Join(got[i], " | ") + "\nwant " + strings.Join(w[i], " | ")
				}
			}
		case strings.Contains(st.text, "side effects"), strings.Contains(st.text, "error should be raised"):
			if strings.Contains(st.text, "error") {
				panic(skipErr("error scenario"))
			}
		default:
			panic(skipErr("step " + st.text))
		}
	}
	return ""
}

func sortRows(r [][]string) {
	sort.Slice(r, func(i, j int) bool { return strings.Join(r[i], "|") < strings.Join(r[j], "|") })
}

// render writes a result value as the TCK writes expected values:
// temporal values as strings.
func render(v value.Value) string {
	return value.Format(toTCK(v))
}

func toTCK(v value.Value) value.Value {
	switch x := v.(type) {
	case value.List:
		out := make(value.List, len(x))
		for i, e := range x {
			out[i] = toTCK(e)
		}
		return out
	case value.Extension:
		return value.String(x.String())
	case value.Node:
		props := value.Map{}
		for k, p := range x.Props {
			props[k] = toTCK(p)
		}
		x.Props = props
		return x
	}
	return v
}

// knownDifferences are scenarios whose expectation depends on data outside
// this package, with the reason.
var knownDifferences = map[string]string{
	"Temporal2.feature [6] Should parse date time with named time zone from string #5": "the TCK expects the 1818 local mean time of Europe/Stockholm as +00:53:28 (an older tzdata in which Stockholm linked to Berlin); current tzdata, which Go uses, gives +01:12:12",
}

func TestTCK(t *testing.T) {
	dir := testenv.TCKFeatures(t)
	files, _ := filepath.Glob(filepath.Join(dir, "expressions", "temporal", "*.feature"))
	files = append(files, filepath.Join(dir, "clauses", "with-orderBy", "WithOrderBy1.feature"))
	total, passed, skipped := 0, 0, 0
	for _, file := range files {
		for _, sc := range parseFeature(t, file) {
			if strings.HasSuffix(file, "WithOrderBy1.feature") && !strings.Contains(strings.ToLower(sc.name), "date") && !strings.Contains(strings.ToLower(sc.name), "time") {
				continue
			}
			total++
			msg := runScenario(sc)
			switch {
			case msg == "":
				passed++
			case strings.HasPrefix(msg, "skip: "):
				skipped++
				t.Logf("%s %s: %s", sc.file, sc.name, msg)
			case knownDifferences[sc.file+" "+sc.name] != "":
				skipped++
				t.Logf("%s %s: known difference: %s\n%s", sc.file, sc.name, knownDifferences[sc.file+" "+sc.name], msg)
			default:
				t.Errorf("%s %s:\n%s", sc.file, sc.name, msg)
			}
		}
	}
	t.Logf("TCK temporal scenarios: %d total, %d passed, %d skipped", total, passed, skipped)
}
