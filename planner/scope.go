package planner

import (
	"sort"
	"strings"

	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// varKind is what a variable is bound to.
type varKind uint8

const (
	kindValue varKind = iota
	kindNode
	kindRel
	kindPath
)

// scope is the set of variables visible at a point of a query.
type scope struct {
	vars  map[string]varKind
	types map[string]functions.Type // static types of value variables, when known
	order []string
	// imported are the enclosing query's variables inside an EXISTS, COUNT
	// or COLLECT subquery: they stay visible across the subquery's own WITH
	// clauses (unless a column shadows them), unlike CALL subqueries,
	// which import explicitly.
	imported *scope
}

func newScope() *scope {
	return &scope{vars: map[string]varKind{}, types: map[string]functions.Type{}}
}

func (s *scope) clone() *scope {
	c := &scope{vars: make(map[string]varKind, len(s.vars)), types: map[string]functions.Type{}, order: append([]string(nil), s.order...), imported: s.imported}
	for k, v := range s.vars {
		c.vars[k] = v
	}
	for k, v := range s.types {
		c.types[k] = v
	}
	return c
}

func (s *scope) add(name string, k varKind) {
	if _, ok := s.vars[name]; !ok {
		s.order = append(s.order, name)
	}
	s.vars[name] = k
}

// keepImported adds to s, a projection's output scope, the imported
// variables its columns do not shadow, and returns their names.
func (s *scope) keepImported(from *scope) []string {
	if from.imported == nil {
		return nil
	}
	s.imported = from.imported
	var kept []string
	for _, name := range from.imported.order {
		if _, shadowed := s.vars[name]; shadowed {
			continue
		}
		s.vars[name] = from.imported.vars[name] // visible, but not a column
		if t, ok := from.imported.types[name]; ok {
			s.types[name] = t
		}
		kept = append(kept, name)
	}
	return kept
}

func (s *scope) has(name string) bool { _, ok := s.vars[name]; return ok }

// kindOf is the kind of what e evaluates to: a variable's kind, else a value.
func (s *scope) kindOf(e ast.Expr) varKind {
	if v, ok := e.(*ast.Variable); ok {
		return s.vars[v.Name]
	}
	return kindValue
}

// userVars returns the visible user variables (not the planner's own), sorted.
func (s *scope) userVars() []string {
	var out []string
	for _, n := range s.order {
		if !isInternal(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Internal variable names start with a space, which no identifier can.
func isInternal(name string) bool { return strings.HasPrefix(name, " ") }

// bindPatternVars adds a pattern's path, node and relationship variables
// to sc.
func bindPatternVars(p *ast.Pattern, sc *scope) {
	for _, part := range p.Parts {
		if part.Var != nil {
			sc.add(part.Var.Name, kindPath)
		}
		for _, n := range part.Element.Nodes {
			if n.Var != nil {
				sc.add(n.Var.Name, kindNode)
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil {
				sc.add(r.Var.Name, kindRel)
			}
		}
	}
}

// fresh returns the variables of pattern that the scope does not bind:
// those the pattern introduces, its quantified groups' lists included.
func (s *scope) fresh(pattern *ast.Pattern) map[string]bool {
	vs := newVarSet()
	patternVars(pattern, &vs)
	patternGroupVars(pattern, &vs)
	out := map[string]bool{}
	for n := range vs.names {
		if !s.has(n) {
			out[n] = true
		}
	}
	return out
}

// projectionOf returns the projection of a WITH or RETURN clause and the
// WITH's WHERE; ok is false for any other clause.
func projectionOf(c ast.Clause) (pr *ast.Projection, where ast.Expr, ok bool) {
	switch x := c.(type) {
	case *ast.With:
		return x.Projection, x.Where, true
	case *ast.Return:
		return x.Projection, nil, true
	}
	return nil, nil, false
}
