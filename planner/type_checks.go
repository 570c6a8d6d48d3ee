package planner

import (
	"slices"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// typeChecks gives a relationship type test written in a WHERE the form
// a relationship pattern's types take: a conjunct that tests nothing but
// r's type (typeSetOf: `type(r) = 'T'`, `type(r) <> 'T'`, `type(r) IN
// [...]`, `r:T`, `NOT r:T`, `r:!T`, and their NOT, AND and OR; or any
// other test of type(r) alone, computed per type: typesByValue), standing
// in a filter after the expansion binding r (with only filters between),
// narrows the expansion's types to the set it admits (intersected with
// the types the pattern wrote) and goes, as labelChecks does for a node's
// label tests. `MATCH (a)-[r]->(b) WHERE type(r) <> 'R'` then expands
// the graph's other types, and the rules that read an expansion's types
// (degree reads, set expansion, type counts) see what `-[r:S|T]->` gives
// them. A complement is listed from the graph's type dictionary, so only
// where the plan cannot outlive the dictionary: a query that writes may
// create a type, and a cached plan is planned again when the dictionary
// grows. A test that keeps no type is left as written. It returns the
// pipeline and whether anything changed.
func (b *builder) typeChecks(pl *logical.Pipeline) (*logical.Pipeline, bool) {
	changed := false
	ops := pl.Ops
	for i := 0; i < len(ops); i++ {
		ex, ok := ops[i].(logical.Expand)
		if !ok || ex.Rel == "" || ex.RelBound {
			continue
		}
	scan:
		for j := i + 1; j < len(ops); j++ {
			switch o := ops[j].(type) {
			case logical.NodeFilter, logical.RelFilter:
				continue
			case logical.Filter:
				if o.Subst != nil || o.Vectorised {
					break scan
				}
				var rest []ast.Expr
				cs := conjuncts(o.Pred)
				for _, c := range cs {
					set, ok := typeSetOf(c, ex.Rel)
					if !ok {
						var names []string
						if names, ok = b.typesByValue(c, ex.Rel); ok {
							set = typesOfNames(names)
						}
					}
					var types []string
					if ok {
						types, ok = typesOf(ex.Types).and(set).resolve(b.typeDictionary)
					}
					if !ok || len(types) == 0 {
						rest = append(rest, c)
						continue
					}
					ex.Types = types
				}
				if len(rest) == len(cs) {
					continue
				}
				ops = slices.Clone(ops)
				ops[i] = ex
				if len(rest) == 0 {
					ops = slices.Delete(ops, j, j+1)
					j--
				} else {
					o.Pred = andOf(rest)
					ops[j] = o
				}
				changed = true
			default:
				break scan
			}
		}
	}
	if !changed {
		return pl, false
	}
	return &logical.Pipeline{Ops: ops, Est: pl.Est}, true
}

// typeDictionary returns every relationship type the graph has named,
// when the statistics carry the catalog and the query writes nothing
// (a write may name a new type after the plan is made).
func (b *builder) typeDictionary() ([]string, bool) {
	cat, ok := b.stats.(Catalog)
	if !ok || b.writes {
		return nil, false
	}
	return cat.Types(), true
}

// isTypeOf reports whether e is type(r).
func isTypeOf(e ast.Expr, r string) bool {
	fc, ok := e.(*ast.FunctionCall)
	if !ok || len(fc.Namespace) != 0 || fc.Distinct || len(fc.Args) != 1 || !strings.EqualFold(fc.Name, "type") {
		return false
	}
	v, ok := varName(fc.Args[0])
	return ok && v == r
}

// stringLit returns the value of a string literal.
func stringLit(e ast.Expr) (string, bool) {
	l, ok := e.(*ast.Literal)
	if !ok || l.Kind != ast.LitString {
		return "", false
	}
	return l.Str, true
}
