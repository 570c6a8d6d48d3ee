package planner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser"
	"github.com/cyqdb/cyq/parser/ast"
)

// Catalog is implemented by a Stats that can also list the graph's
// dictionaries. The notifications about unknown labels, relationship
// types and property keys need it; without it they are not given.
type Catalog interface {
	// Labels, Types and PropKeys list every name the graph has stored.
	Labels() []string
	Types() []string
	PropKeys() []string
	// PropertyHolding returns a property key of relationships (rel true)
	// or of nodes whose string values include v (ignoring case), and the
	// value as stored, when the graph keeps kinds in a property such as
	// `relation: 'member_of'`.
	PropertyHolding(rel bool, v string) (key, stored string, ok bool)
}

// notifications returns the warnings about st, whose source is src: the
// deprecated forms, cartesian products, unbounded variable-length
// relationships and, when stats is a Catalog, names the graph does not
// know. They are sorted by position.
func notifications(st *ast.Statement, src string, stats Stats) []cyqerr.Notification {
	n := &notifier{src: src}
	for _, d := range parser.Notices(st, src) {
		n.out = append(n.out, cyqerr.Notification{Code: cyqerr.DeprecatedSyntax, Message: d.Message, Pos: d.Pos, Suggestion: d.Hint})
	}
	if st.Query == nil {
		return n.out
	}
	n.patterns(st)
	if cat, ok := stats.(Catalog); ok {
		n.unknownNames(st, cat)
	}
	sort.SliceStable(n.out, func(i, j int) bool { return n.out[i].Pos.Offset < n.out[j].Pos.Offset })
	return n.out
}

type notifier struct {
	src string
	out []cyqerr.Notification
}

func (n *notifier) add(code string, at ast.Node, suggestion, format string, args ...any) {
	n.out = append(n.out, cyqerr.Notification{Code: code, Message: fmt.Sprintf(format, args...),
		Pos: cyqerr.PosOf(n.src, at.NodeSpan().Start), Suggestion: suggestion})
}

// patterns reports the cartesian products of MATCH clauses and the
// unbounded variable-length relationships of read patterns.
func (n *notifier) patterns(st *ast.Statement) {
	ast.Inspect(st, func(x ast.Node) bool {
		switch c := x.(type) {
		case *ast.Create, *ast.Merge:
			return false // patterns that write are not searched
		case *ast.Match:
			n.cartesian(c)
		case *ast.PatternPart:
			if c.Kind != ast.PathPlain {
				return false // a shortest path search stops at the shortest
			}
		case *ast.RelPattern:
			if r := c.VarLength; r != nil && r.Max == nil {
				lo := int64(1)
				if r.Min != nil {
					lo = *r.Min
				}
				n.add(cyqerr.UnboundedVariableLength, c, fmt.Sprintf("give an upper bound, e.g. *%d..%d", lo, lo+4),
					"the variable-length relationship %s has no upper bound: on a large graph it may explore a great many paths", c.Span.Text(n.src))
			}
		}
		return true
	})
}

// cartesian reports a MATCH whose pattern parts fall into groups that
// share no variable, neither directly nor through a WHERE condition that
// mentions both.
func (n *notifier) cartesian(m *ast.Match) {
	parts := m.Pattern.Parts
	if len(parts) < 2 {
		return
	}
	group := make([]int, len(parts))
	for i := range group {
		group[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for group[i] != i {
			i = group[i]
		}
		return i
	}
	owner := map[string]int{}
	join := func(name string, i int) {
		if j, ok := owner[name]; ok {
			group[find(i)] = find(j)
		} else {
			owner[name] = i
		}
	}
	for i, p := range parts {
		for _, v := range patternVarNames(p) {
			join(v, i)
		}
	}
	var where []ast.Expr
	if m.Where != nil {
		where = conjuncts(m.Where)
	}
	for _, c := range where {
		first := -1
		ast.Inspect(c, func(x ast.Node) bool {
			if v, ok := x.(*ast.Variable); ok {
				if j, ok := owner[v.Name]; ok {
					if first < 0 {
						first = j
					} else {
						group[find(j)] = find(first)
					}
				}
			}
			return true
		})
	}
	for i := 1; i < len(parts); i++ {
		if find(i) != find(0) {
			n.add(cyqerr.CartesianProduct, m, "connect the parts with a relationship, or join them in WHERE",
				"the parts of this MATCH share no variable: every match of %s is combined with every match of %s", parts[0].Span.Text(n.src), parts[i].Span.Text(n.src))
			return
		}
	}
}

// patternVarNames lists the variables a pattern part names.
func patternVarNames(p *ast.PatternPart) []string {
	var out []string
	if p.Var != nil {
		out = append(out, p.Var.Name)
	}
	for _, nd := range p.Element.Nodes {
		if nd.Var != nil {
			out = append(out, nd.Var.Name)
		}
	}
	for _, r := range p.Element.Rels {
		if r.Var != nil {
			out = append(out, r.Var.Name)
		}
	}
	return out
}

// unknownNames reports the labels, relationship types and property keys
// that the statement reads but the graph has never stored. Names the
// statement itself writes are not reported.
func (n *notifier) unknownNames(st *ast.Statement, cat Catalog) {
	labels, types, keys := nameSet(cat.Labels()), nameSet(cat.Types()), nameSet(cat.PropKeys())
	written := writtenNames(st)
	entityVars, nodeVars, relVars := map[string]bool{}, map[string]bool{}, map[string]bool{}
	ast.Inspect(st, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.NodePattern:
			if x.Var != nil {
				entityVars[x.Var.Name], nodeVars[x.Var.Name] = true, true
			}
		case *ast.RelPattern:
			if x.Var != nil {
				entityVars[x.Var.Name], relVars[x.Var.Name] = true, true
			}
		}
		return true
	})
	var visit func(x ast.Node) bool
	visit = func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.Create, *ast.Set, *ast.Remove:
			return false
		case *ast.Merge:
			return false
		case *ast.NodePattern:
			n.labelNames(x.Labels, labels, written)
			n.mapKeys(x.Props, keys, written)
			ast.Inspect(x.Where, visit)
			ast.Inspect(x.Props, visit)
			return false
		case *ast.RelPattern:
			n.relTypes(x, types, written, cat)
			n.mapKeys(x.Props, keys, written)
			ast.Inspect(x.Where, visit)
			ast.Inspect(x.Props, visit)
			return false
		case *ast.LabelPredicate:
			// r:KNOWS on a relationship variable tests its type; on a
			// variable no pattern binds to one kind (an alias, a list
			// element) a name is known as a label or as a type.
			v, isVar := x.Expr.(*ast.Variable)
			switch {
			case isVar && relVars[v.Name] && !nodeVars[v.Name]:
				n.typeNames(x.Labels, types, written, cat)
			case isVar && nodeVars[v.Name] && !relVars[v.Name]:
				n.labelNames(x.Labels, labels, written)
			default:
				n.labelNames(x.Labels, unionSet(labels, types), written)
			}
		case *ast.Property:
			if v, ok := x.Expr.(*ast.Variable); ok && entityVars[v.Name] && !keys[x.Key] && !written[x.Key] {
				n.add(cyqerr.UnknownPropertyKey, keySpan(x, n.src), suggestNames(x.Key, cat.PropKeys()),
					"the property key `%s` does not exist in this graph", x.Key)
			}
		case *ast.MapProjectionItem:
			if x.Kind == ast.MapProjProperty && !keys[x.Key] && !written[x.Key] {
				n.add(cyqerr.UnknownPropertyKey, x, suggestNames(x.Key, cat.PropKeys()),
					"the property key `%s` does not exist in this graph", x.Key)
			}
		}
		return true
	}
	ast.Inspect(st, visit)
}

func (n *notifier) labelNames(e ast.LabelExpr, known, written map[string]bool) {
	ast.Inspect(e, func(x ast.Node) bool {
		if l, ok := x.(*ast.LabelName); ok && !known[l.Name] && !written[l.Name] {
			n.add(cyqerr.UnknownLabel, l, suggestNames(l.Name, keysOf(known)),
				"the label `%s` does not exist in this graph", l.Name)
		}
		return true
	})
}

func (n *notifier) mapKeys(e ast.Expr, known, written map[string]bool) {
	m, ok := e.(*ast.MapLiteral)
	if !ok {
		return
	}
	for _, en := range m.Entries {
		if !known[en.Key] && !written[en.Key] {
			n.add(cyqerr.UnknownPropertyKey, en, suggestNames(en.Key, keysOf(known)),
				"the property key `%s` does not exist in this graph", en.Key)
		}
	}
}

// unionSet is the names of a and of b.
func unionSet(a, b map[string]bool) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// typeNames reports the unknown types of a label expression tested on a
// relationship variable (WHERE r:KNOWS|LIKES).
func (n *notifier) typeNames(e ast.LabelExpr, known, written map[string]bool, cat Catalog) {
	ast.Inspect(e, func(x ast.Node) bool {
		if l, ok := x.(*ast.LabelName); ok && !known[l.Name] && !written[l.Name] {
			n.add(cyqerr.UnknownRelationshipType, l, suggestNames(l.Name, cat.Types()),
				"the relationship type `%s` does not exist in this graph", l.Name)
		}
		return true
	})
}

// relTypes reports the unknown types of r; when the graph keeps the type
// in a relationship property, the suggestion is the property form.
func (n *notifier) relTypes(r *ast.RelPattern, known, written map[string]bool, cat Catalog) {
	ast.Inspect(r.Types, func(x ast.Node) bool {
		l, ok := x.(*ast.LabelName)
		if !ok || known[l.Name] || written[l.Name] {
			return true
		}
		sugg := suggestNames(l.Name, cat.Types())
		if key, stored, ok := cat.PropertyHolding(true, l.Name); ok {
			sugg = n.propertyForm(r, key, stored)
		}
		n.add(cyqerr.UnknownRelationshipType, l, sugg, "the relationship type `%s` does not exist in this graph", l.Name)
		return true
	})
}

// propertyForm rewrites relationship pattern r without its type and with
// a WHERE on the property that holds it: -[r]->(b) WHERE r.relation = 'x'.
func (n *notifier) propertyForm(r *ast.RelPattern, key, stored string) string {
	name := "r"
	if r.Var != nil {
		name = r.Var.Name
	}
	inner := name
	if r.VarLength != nil {
		inner += r.VarLength.Span.Text(n.src)
	}
	if r.Props != nil {
		inner += " " + r.Props.NodeSpan().Text(n.src)
	}
	left, right := "-", "-"
	switch r.Direction {
	case ast.DirRight:
		right = "->"
	case ast.DirLeft:
		left = "<-"
	case ast.DirBoth:
		left, right = "<-", "->"
	}
	pat := left + "[" + inner + "]" + right
	// Append the node pattern that follows r, when the source has one.
	rest := n.src[min(r.End, len(n.src)):]
	if strings.HasPrefix(rest, "(") {
		if i := strings.IndexByte(rest, ')'); i >= 0 {
			pat += rest[:i+1]
		}
	}
	return fmt.Sprintf("the graph keeps relationship kinds in the property `%s`: write %s WHERE %s.%s = %s",
		key, pat, name, key, quoteString(stored))
}

func quoteString(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// writtenNames collects the labels, types and keys that the statement's
// CREATE, MERGE, SET and FOREACH clauses write.
func writtenNames(st *ast.Statement) map[string]bool {
	out := map[string]bool{}
	var collect func(x ast.Node) bool
	collect = func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.LabelName:
			out[x.Name] = true
		case *ast.MapEntry:
			out[x.Key] = true
		case *ast.SetLabels:
			for _, l := range x.Labels {
				out[l] = true
			}
		case *ast.SetProperty:
			out[x.Target.Key] = true
		}
		return true
	}
	ast.Inspect(st, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.Create, *ast.Merge, *ast.Set:
			ast.Inspect(x, collect)
			return false
		}
		return true
	})
	return out
}

func nameSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, s := range names {
		if s != "" {
			m[s] = true
		}
	}
	return m
}

func keysOf(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// suggestNames returns "did you mean ..." with the names nearest to name
// by edit distance (case ignored), or "" when none is near.
func suggestNames(name string, names []string) string {
	type cand struct {
		s string
		d int
	}
	var best []cand
	limit := max(2, len(name)/3)
	lower := strings.ToLower(name)
	for _, s := range names {
		if s == "" {
			continue
		}
		d := parser.EditDistance(lower, strings.ToLower(s))
		if d <= limit {
			best = append(best, cand{s, d})
		}
	}
	if len(best) == 0 {
		return ""
	}
	sort.SliceStable(best, func(i, j int) bool {
		if best[i].d != best[j].d {
			return best[i].d < best[j].d
		}
		return best[i].s < best[j].s
	})
	var quoted []string
	for i, c := range best {
		if i == 3 || c.d > best[0].d+1 {
			break
		}
		quoted = append(quoted, "`"+c.s+"`")
	}
	return "did you mean " + strings.Join(quoted, " or ") + "?"
}

// keySpan is the span of the key of property access p (the key itself
// when it is written plainly, else the whole access).
func keySpan(p *ast.Property, src string) ast.Node {
	if start := p.End - len(p.Key); start > p.Start && p.End <= len(src) && src[start:p.End] == p.Key {
		return ast.Span{Start: start, End: p.End}
	}
	return p
}
