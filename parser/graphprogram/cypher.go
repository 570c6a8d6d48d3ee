package graphprogram

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// cypherParser is shared: parsed statements are immutable and cached.
var cypherParser = parser.New()

// ParseCypher parses a Cypher operation's query. When the query does not
// parse, it returns the V010 or V016 issue (several statements).
func ParseCypher(query, stmt, ptr string) (*ast.Statement, []Issue) {
	st, err := cypherParser.Parse(query)
	if err != nil {
		if ss, serr := parser.ParseScript(query); serr == nil && len(ss) > 1 {
			return nil, []Issue{errIssue("V016", stmt, ptr, "the query holds %d statements; an operation runs exactly one", len(ss))}
		}
		return nil, []Issue{errIssue("V010", stmt, ptr, "%s", describe(err))}
	}
	return st, nil
}

// cypherParams returns the names of the parameters ($name) a Cypher
// operation's query refers to, each once, in order of appearance; none
// when the query does not parse.
func cypherParams(query string) []string {
	st, err := cypherParser.Parse(query)
	if err != nil {
		return nil
	}
	var names []string
	seen := map[string]bool{}
	ast.Inspect(st, func(n ast.Node) bool {
		if p, ok := n.(*ast.Parameter); ok && !seen[p.Name] {
			seen[p.Name] = true
			names = append(names, p.Name)
		}
		return true
	})
	return names
}

// ParamRefs returns the names of the program parameters that p's
// statements refer to: "$name" in Cypher queries and "$name" strings in
// endpoint parameters, conditional branches included.
func ParamRefs(p *Program) map[string]bool {
	out := map[string]bool{}
	var walk func(ss []Statement)
	walk = func(ss []Statement) {
		for _, s := range ss {
			switch s.Operation.Type {
			case TypeCypher:
				for _, n := range cypherParams(s.Operation.Query) {
					out[n] = true
				}
			case TypeAPI:
				for _, v := range s.Operation.Params {
					if n, ok := ParamRef(v); ok {
						out[n] = true
					}
				}
			}
			walk(s.Operation.Then)
			walk(s.Operation.Else)
		}
	}
	walk(p.Statements)
	return out
}

// describe renders an engine error for an issue message.
func describe(err error) string {
	e := cyqerr.As(err)
	if e == nil {
		return err.Error()
	}
	msg := e.Code() + ": " + e.Message
	if e.Pos.IsValid() {
		msg = fmt.Sprintf("%s (line %d, column %d)", msg, e.Pos.Line, e.Pos.Column)
	}
	if e.Hint != "" {
		msg += "; hint: " + e.Hint
	}
	return msg
}

// Describe renders an engine error for an issue message: its code, message,
// position and hint.
func Describe(err error) string { return describe(err) }

// CheckCypherSyntax is the parse-only checker: V010 (syntax), V016 (EXPLAIN,
// PROFILE, several statements), V015 (schema commands), V012 (LOAD CSV),
// V030 (variable-length patterns), and V011/V014 for updating clauses
// visible in the tree. The engine's checker adds the planner's verdict.
func CheckCypherSyntax(query, stmt, ptr string) []Issue {
	st, issues := ParseCypher(query, stmt, ptr)
	if st == nil {
		return issues
	}
	issues = append(issues, CheckStatement(st, query, stmt, ptr)...)
	if w := Updates(st); w != nil {
		issues = append(issues, errIssue(w.Rule, stmt, ptr, "the query %s; Cypher operations must be read-only", w.What))
	}
	return issues
}

// CheckStatement applies the rules decided by the statement's shape: V016,
// V015, V012 and V030.
func CheckStatement(st *ast.Statement, src, stmt, ptr string) []Issue {
	var issues []Issue
	if st.Explain || st.Profile {
		kw := "EXPLAIN"
		if st.Profile {
			kw = "PROFILE"
		}
		issues = append(issues, errIssue("V016", stmt, ptr, "remove the %s prefix: a program operation must be a plain query (use the explain action to see plans)", kw))
	}
	if st.Command != nil {
		issues = append(issues, errIssue("V015", stmt, ptr, "schema commands (indexes, constraints) are not allowed in a program"))
		return issues
	}
	loadCSV := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.LoadCSV:
			loadCSV = true
		case *ast.RelPattern:
			if r := x.VarLength; r != nil {
				if r.Max == nil {
					issues = append(issues, errIssue("V030", stmt, ptr, "the variable-length pattern %s is unbounded; give it an upper bound of at most %d, e.g. *1..%d", spanText(src, x.Span), MaxVarLength, MaxVarLength))
				} else if *r.Max > MaxVarLength {
					issues = append(issues, errIssue("V030", stmt, ptr, "the variable-length pattern %s may be %d hops long; at most %d are allowed", spanText(src, x.Span), *r.Max, MaxVarLength))
				}
			}
		}
		return true
	})
	if loadCSV {
		issues = append(issues, errIssue("V012", stmt, ptr, "LOAD CSV reads data from outside the graph and is not allowed in a program"))
	}
	return issues
}

// spanText returns the pattern's source text (shortened) and position.
func spanText(src string, sp ast.Span) string {
	if sp.Start < 0 || sp.End > len(src) || sp.Start >= sp.End {
		return "[*]"
	}
	t := src[sp.Start:sp.End]
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	pos := cyqerr.PosOf(src, sp.Start)
	return fmt.Sprintf("%s at line %d, column %d", t, pos.Line, pos.Column)
}

// Update describes an updating clause found in a statement's tree.
type Update struct {
	Rule string // V011, or V014 when inside a CALL { } subquery
	What string
}

// Updates returns the first updating clause of the statement, or nil. The
// engine's checker trusts the planner's verdict (Program.Writes) and uses
// this only to classify it; the parse-only checker uses it as its verdict.
func Updates(st *ast.Statement) *Update {
	var found *Update
	var walk func(n ast.Node, inSub bool)
	walk = func(n ast.Node, inSub bool) {
		ast.Inspect(n, func(c ast.Node) bool {
			if found != nil {
				return false
			}
			if sub, ok := c.(*ast.CallSubquery); ok && c != n {
				walk(sub, true)
				return false
			}
			what := ""
			switch x := c.(type) {
			case *ast.Create:
				what = "creates data (CREATE)"
			case *ast.Merge:
				what = "writes data (MERGE)"
			case *ast.Set:
				what = "changes data (SET)"
			case *ast.Remove:
				what = "changes data (REMOVE)"
			case *ast.Delete:
				what = "deletes data (DELETE)"
			case *ast.Foreach:
				if len(x.Updates) > 0 {
					what = "writes data (FOREACH with updates)"
				}
			}
			if what != "" {
				rule := "V011"
				if inSub {
					rule = "V014"
					what = strings.Replace(what, "data", "data in a CALL { } subquery", 1)
				}
				found = &Update{Rule: rule, What: what}
				return false
			}
			return true
		})
	}
	walk(st, false)
	return found
}
