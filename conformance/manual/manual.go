package manual

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/conformance"
)

// example is one example of a page before it becomes a TCK scenario.
type example struct {
	title   string
	line    int
	setup   []string
	params  []string // "| name | value |" rows
	query   []string
	expect  string   // "rows", "ordered", "empty" or "error"
	anyList bool     // lists in rows compare ignoring element order
	errType string   // for expect == "error"
	table   []string // "| ... |" lines of rows
	effects []string // "| +nodes | 1 |" lines
}

// Load parses every page under dir (files named *.txt, recursively, in path
// order, except expected_failures.txt) into scenarios whose Feature is the
// page's path relative to dir.
func Load(dir string) ([]*conformance.Scenario, error) {
	return conformance.LoadFiles(dir, func(name string) bool {
		return strings.HasSuffix(name, ".txt") && name != "expected_failures.txt"
	}, Parse)
}

// Chapter returns the chapter of a page name: its first path element.
func Chapter(page string) string {
	if i := strings.IndexByte(page, '/'); i >= 0 {
		return page[:i]
	}
	return page
}

// Parse converts one page into TCK scenarios, one per example.
func Parse(name string, data []byte) ([]*conformance.Scenario, error) {
	feature, err := Feature(name, data)
	if err != nil {
		return nil, err
	}
	return conformance.ParseFeature(name, feature)
}

// Feature converts one page into the text of a TCK feature file.
func Feature(name string, data []byte) ([]byte, error) {
	var (
		examples []*example
		setup    []string // statements of the current setup
		cur      *example
		section  string // "setup", "query", "rows", "effects"
		stmt     []string
		lineNo   int
	)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("manual: %s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
	}
	flushStmt := func() {
		if s := strings.TrimSpace(strings.Join(stmt, "\n")); s != "" {
			setup = append(setup, s)
		}
		stmt = nil
	}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if cur.expect == "" {
			return fmt.Errorf("manual: %s:%d: example %q has no expectation", name, cur.line, cur.title)
		}
		if (cur.expect == "rows" || cur.expect == "ordered") && len(cur.table) == 0 { // a header alone is zero rows
			return fmt.Errorf("manual: %s:%d: example %q has no table", name, cur.line, cur.title)
		}
		examples = append(examples, cur)
		cur = nil
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	titles := map[string]bool{}
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t\r")
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "###"):
			continue
		case line == "=== setup":
			if err := finish(); err != nil {
				return nil, err
			}
			setup, stmt, section = nil, nil, "setup"
			continue
		case strings.HasPrefix(line, "### "):
			if section == "setup" {
				flushStmt()
			}
			if err := finish(); err != nil {
				return nil, err
			}
			title := strings.TrimSpace(line[4:])
			if titles[title] {
				return nil, bad("title %q used twice", title)
			}
			titles[title] = true
			cur = &example{title: title, line: lineNo, setup: append([]string(nil), setup...)}
			section = "query"
			continue
		case strings.HasPrefix(line, "--- "):
			if cur == nil {
				return nil, bad("%q outside an example", line)
			}
			f := strings.Fields(line[4:])
			switch f[0] {
			case "rows", "ordered", "empty":
				if cur.expect != "" || len(f) > 2 || len(f) == 2 && (f[1] != "anylists" || f[0] == "empty") {
					return nil, bad("bad expectation %q", line)
				}
				cur.expect, section, cur.anyList = f[0], "rows", len(f) == 2
			case "error":
				if cur.expect != "" || len(f) != 2 {
					return nil, bad("bad expectation %q", line)
				}
				cur.expect, cur.errType, section = "error", f[1], ""
			case "effects":
				if cur.expect == "error" {
					return nil, bad("effects after an error")
				}
				if cur.expect == "" {
					cur.expect = "none"
				}
				section = "effects"
			default:
				return nil, bad("unknown marker %q", line)
			}
			continue
		}
		switch section {
		case "setup":
			if trim == ";" {
				flushStmt()
			} else {
				stmt = append(stmt, line)
			}
		case "query":
			if strings.HasPrefix(trim, "$") && len(cur.query) == 0 {
				k, v, ok := strings.Cut(trim[1:], "=")
				if !ok {
					return nil, bad("bad parameter %q", trim)
				}
				cur.params = append(cur.params, "| "+strings.TrimSpace(k)+" | "+strings.TrimSpace(v)+" |")
				continue
			}
			if trim != "" || len(cur.query) > 0 {
				cur.query = append(cur.query, line)
			}
		case "rows", "effects":
			if trim == "" {
				continue
			}
			if !strings.HasPrefix(trim, "|") {
				return nil, bad("want a table line, got %q", trim)
			}
			if section == "rows" {
				if cur.expect == "empty" {
					return nil, bad("a table after --- empty")
				}
				cur.table = append(cur.table, trim)
			} else {
				cur.effects = append(cur.effects, trim)
			}
		default:
			if trim != "" {
				return nil, bad("unexpected line %q", trim)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if section == "setup" {
		flushStmt()
	}
	if err := finish(); err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Feature: %s\n", name)
	doc := func(indent, text string) {
		b.WriteString(indent + "\"\"\"\n")
		for _, l := range strings.Split(text, "\n") {
			b.WriteString(indent + l + "\n")
		}
		b.WriteString(indent + "\"\"\"\n")
	}
	for _, ex := range examples {
		fmt.Fprintf(&b, "\n  Scenario: %s\n    Given an empty graph\n", ex.title)
		for _, s := range ex.setup {
			b.WriteString("    And having executed:\n")
			doc("      ", s)
		}
		if len(ex.params) > 0 {
			b.WriteString("    And parameters are:\n")
			for _, p := range ex.params {
				b.WriteString("      " + p + "\n")
			}
		}
		b.WriteString("    When executing query:\n")
		doc("      ", strings.TrimSpace(strings.Join(ex.query, "\n")))
		switch ex.expect {
		case "rows", "ordered":
			switch {
			case ex.expect == "rows" && ex.anyList:
				b.WriteString("    Then the result should be (ignoring element order for lists):\n")
			case ex.expect == "rows":
				b.WriteString("    Then the result should be, in any order:\n")
			case ex.anyList:
				b.WriteString("    Then the result should be, in order (ignoring element order for lists):\n")
			default:
				b.WriteString("    Then the result should be, in order:\n")
			}
			for _, t := range ex.table {
				b.WriteString("      " + t + "\n")
			}
		case "empty", "none":
			b.WriteString("    Then the result should be empty\n")
		case "error":
			fmt.Fprintf(&b, "    Then a %s should be raised at any time: *\n", ex.errType)
		}
		if len(ex.effects) > 0 {
			b.WriteString("    And the side effects should be:\n")
			for _, e := range ex.effects {
				b.WriteString("      " + e + "\n")
			}
		}
	}
	return []byte(b.String()), nil
}
