package parser

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the golden files in testdata/")

// TestErrorTable checks code, position and hint of common mistakes; the
// expectation sits next to the query that causes it.
func TestErrorTable(t *testing.T) {
	for _, tc := range []struct {
		src, code, pos, hint, fix string
	}{
		{"MATCH (n) WHERE n.x == 1 RETURN n", "SyntaxError.UnexpectedSyntax", "1:21", "use =", "MATCH (n) WHERE n.x = 1 RETURN n"},
		{"MATCH (n) WHERE n.x != 1 RETURN n", "SyntaxError.UnexpectedSyntax", "1:21", "<>", "MATCH (n) WHERE n.x <> 1 RETURN n"},
		{"MATCH (n) WHERE n.x = 1 && n.y = 2 RETURN n", "SyntaxError.UnexpectedSyntax", "1:25", "AND", "MATCH (n) WHERE n.x = 1 AND n.y = 2 RETURN n"},
		{"MATCH (n) WHERE n.name LIKE '%ab%' RETURN n", "SyntaxError.UnexpectedSyntax", "1:24", "CONTAINS", "MATCH (n) WHERE n.name CONTAINS 'ab' RETURN n"},
		{"MACTH (n) RETURN n", "SyntaxError.UnexpectedSyntax", "1:1", "MATCH", "MATCH (n) RETURN n"},
		{"MATCH (n)\nRETRUN n", "SyntaxError.UnexpectedSyntax", "2:1", "RETURN", "MATCH (n)\nRETURN n"},
		{"MATCH (n) WHERE n.x = 1 RETUR n.x", "SyntaxError.UnexpectedSyntax", "1:25", "RETURN", "MATCH (n) WHERE n.x = 1 RETURN n.x"},
		{"MATCH (n:Person WHERE n.x = 1 RETURN n", "SyntaxError.UnexpectedSyntax", "1:7", "missing ')'", ""},
		{"RETURN [1, 2", "SyntaxError.UnexpectedSyntax", "1:8", "missing ']'", ""},
		{"RETURN {a: 1))", "SyntaxError.UnexpectedSyntax", "1:13", "'{'", ""},
		{"RETURN 'abc", "SyntaxError.UnexpectedSyntax", "1:8", "matching '", ""},
		{"RETURN \"abc", "SyntaxError.UnexpectedSyntax", "1:8", "matching \"", ""},
		{"MATCH (`n) RETURN 1", "SyntaxError.UnexpectedSyntax", "1:8", "backtick", ""},
		{"RETURN 1 /* comment", "SyntaxError.UnexpectedSyntax", "1:10", "*/", ""},
		{"MATCH (n) WITH count(*) c RETURN c", "SyntaxError.UnexpectedSyntax", "1:25", "AS c", "MATCH (n) WITH count(*) AS c RETURN c"},
		{"RETURN 42 — 41", "SyntaxError.InvalidUnicodeCharacter", "1:11", "looks like", "RETURN 42 - 41"},
		{"RETURN 0x", "SyntaxError.InvalidNumberLiteral", "1:8", "hexadecimal", ""},
		{"RETURN 12abc", "SyntaxError.InvalidNumberLiteral", "1:8", "", ""},
		{"RETURN 9223372036854775808", "SyntaxError.IntegerOverflow", "1:8", "range", ""},
		{"RETURN -9223372036854775809", "SyntaxError.IntegerOverflow", "1:8", "", ""},
		{"RETURN '\\uH'", "SyntaxError.InvalidUnicodeLiteral", "1:9", "4 hex digits", ""},
		{"RETURN '\\q'", "SyntaxError.InvalidEscapeSequence", "1:9", "backslash", ""},
		{"MATCH (n) RETURN n; MATCH (m) RETURN m", "SyntaxError.UnexpectedSyntax", "1:21", "ParseScript", ""},
		{"CALL db.labels() YIELD * RETURN label", "SyntaxError.UnexpectedSyntax", "1:1", "YIELD a, b", ""},
		{"MATCH (n) RETURN n ORDER n.x", "SyntaxError.UnexpectedSyntax", "1:26", "", ""},
		{"", "SyntaxError.UnexpectedSyntax", "1:1", "", ""},
		{"MATCH (n)", "SyntaxError.InvalidClauseComposition", "1:1", "RETURN", ""},
		{"MATCH (n) RETURN n MATCH (m) RETURN m", "SyntaxError.InvalidClauseComposition", "1:20", "WITH", ""},
		{"MATCH (n) RETURN size((n)-->()) AS d", "SyntaxError.UnexpectedSyntax", "1:23", "COUNT {", ""},
		{"MATCH (a)-[:T..2]->(b) RETURN b", "SyntaxError.InvalidRelationshipPattern", "1:14", "*1..3", "MATCH (a)-[:T*..2]->(b) RETURN b"},
	} {
		_, err := Parse(tc.src)
		if err == nil {
			t.Errorf("%q: no error", tc.src)
			continue
		}
		e := cyqerr.As(err)
		if e == nil {
			t.Errorf("%q: %T is not a *cyqerr.Error", tc.src, err)
			continue
		}
		if e.Code() != tc.code || e.Pos.String() != tc.pos || !strings.Contains(e.Hint+" "+e.Message, tc.hint) || e.Fix != tc.fix {
			t.Errorf("%q:\n got  %s %s hint=%q fix=%q\n want %s %s hint~%q fix=%q\n%s", tc.src, e.Code(), e.Pos, e.Hint, e.Fix,
				tc.code, tc.pos, tc.hint, tc.fix, e.Pretty())
		}
	}
}

// TestLimits checks the size and depth options.
func TestLimits(t *testing.T) {
	_, err := Parse("RETURN 1", WithMaxInputSize(4))
	if e := cyqerr.As(err); e == nil || e.Type != cyqerr.LimitExceeded {
		t.Errorf("size limit: got %v", err)
	}
	deep := "RETURN " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	_, err = Parse(deep)
	if e := cyqerr.As(err); e == nil || e.Type != cyqerr.LimitExceeded {
		t.Errorf("bracket depth: got %v", err)
	}
	long := "RETURN 1" + strings.Repeat(" + 1", 10000)
	_, err = Parse(long)
	if e := cyqerr.As(err); e == nil || e.Type != cyqerr.LimitExceeded {
		t.Errorf("chain depth: got %v", err)
	}
	if _, err := Parse("RETURN 1"+strings.Repeat(" + 1", 100), WithMaxDepth(1000)); err != nil {
		t.Errorf("chain within limit: %v", err)
	}
}

// TestGoldens runs the data-driven files in testdata/: each block is an
// input, a line "----", and the expected output, separated by blank lines
// and "====" lines. Regenerate with go test -run TestGoldens -rewrite.
func TestGoldens(t *testing.T) {
	for _, name := range []string{"errors", "format"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".golden")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			for i, block := range strings.Split(string(data), "\n====\n") {
				in, want := splitGolden(block)
				if in == "" {
					continue
				}
				got := runGolden(name, in)
				if i > 0 {
					out.WriteString("\n====\n")
				}
				out.WriteString(in + "\n----\n" + got)
				if !*rewrite && strings.TrimSpace(want) != strings.TrimSpace(got) {
					t.Errorf("%s block %d:\n%s\n--- got\n%s\n--- want\n%s", path, i, in, got, want)
				}
			}
			if *rewrite {
				if err := os.WriteFile(path, []byte(out.String()+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func runGolden(kind, in string) string {
	st, err := Parse(in, WithCacheSize(-1))
	switch kind {
	case "errors":
		if err == nil {
			return "ok"
		}
		return cyqerr.As(err).Pretty()
	default:
		if err != nil {
			return "error: " + err.Error()
		}
		return ast.Format(st)
	}
}

// splitGolden splits a block at its first "----" line.
func splitGolden(block string) (in, want string) {
	lines := strings.Split(strings.Trim(block, "\n"), "\n")
	for i, l := range lines {
		if l == "----" {
			return strings.TrimSpace(strings.Join(lines[:i], "\n")), strings.Join(lines[i+1:], "\n")
		}
	}
	return strings.TrimSpace(block), ""
}
