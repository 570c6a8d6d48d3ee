package metamorphic

import (
	"fmt"
	"slices"
	"strings"
)

// Dir is the direction of a relationship pattern as written.
type Dir uint8

// The directions of a relationship pattern.
const (
	Out  Dir = iota // (x)-->(y)
	In              // (x)<--(y)
	Both            // (x)--(y)
)

// Node is a node pattern: (v:L1:L2 {k: v}). An empty Var is an anonymous
// node.
type Node struct {
	Var    string
	Labels []string
	Props  []Prop
}

// Prop is one entry of an inline property map; Val is a Cypher literal (or a
// $name placeholder that the dataset replaces before the query runs).
type Prop struct{ Key, Val string }

// Rel is a relationship pattern. VarLen patterns match Min..Max hops; Short
// writes *1..n as *..n.
type Rel struct {
	Var      string
	Types    []string
	Dir      Dir
	VarLen   bool
	Min, Max int
	Short    bool
}

// Chain is one path pattern of a pattern list, optionally named (p = ...).
type Chain struct {
	Path  string
	Nodes []Node
	Rels  []Rel // len(Nodes)-1
}

// declares counts the places c declares variable v: its path name, its
// nodes and its relationships.
func (c Chain) declares(v string) int {
	n := 0
	if c.Path == v {
		n++
	}
	for _, x := range c.Nodes {
		if x.Var == v {
			n++
		}
	}
	for _, x := range c.Rels {
		if x.Var == v {
			n++
		}
	}
	return n
}

// PredKind says what a predicate tests.
type PredKind uint8

// The kinds of predicate.
const (
	PredProp   PredKind = iota // Var.Key is one of Vals
	PredLabel                  // Var has Label
	PredExists                 // Chain exists (not, when Negated)
	PredRaw                    // Raw, referencing the variables Uses
)

// Style is how a predicate is written.
type Style uint8

// Styles of PredProp and PredExists predicates.
const (
	StyleEq     Style = iota // x.k = v (one value)
	StyleEqFlip              // v = x.k (one value)
	StyleIn                  // x.k IN [v, ...]
	StyleAny                 // any(i IN [v, ...] WHERE x.k = i)
	StyleOr                  // x.k = v1 OR x.k = v2 (several values)
	StyleOrFlip              // v1 = x.k OR v2 = x.k (several values)

	StyleExists      // EXISTS { chain }
	StyleExistsMatch // EXISTS { MATCH chain }
	StylePattern     // chain as a pattern predicate
	StyleCount       // COUNT { chain } > 0 (= 0 when negated)
	StyleSize        // size([chain | 1]) > 0 (= 0 when negated)

	StyleLabelsIn // 'L' IN labels(x), for a PredLabel (StyleEq: x:L)

	// StyleOptionalNull writes a negated existence check as an anti-join
	// after its MATCH clause: OPTIONAL MATCH chain WITH v1, ..., vn
	// WHERE r IS NULL (r: the chain's first relationship).
	StyleOptionalNull

	StyleSingle  // single(i IN [v, ...] WHERE x.k = i)
	StyleNotNone // NOT none(i IN [v, ...] WHERE x.k = i)
	StyleNotAll  // NOT all(i IN [v, ...] WHERE x.k <> i)
)

// Wrap is how a WHERE conjunct is wrapped in an expression that a filter
// reads as the conjunct itself: true exactly when it is true.
type Wrap uint8

// The wraps of a conjunct.
const (
	WrapNone     Wrap = iota
	WrapCoalesce      // coalesce(p, false)
	WrapCase          // CASE WHEN p THEN true ELSE false END
)

// A PredExists predicate with AtLeast k above 1 tests COUNT { chain } >= k
// (< k when negated); its styles write the count and the comparison
// differently: StyleExists COUNT { chain } >= k, StyleExistsMatch
// COUNT { MATCH chain } >= k, StyleCount k - 1 < COUNT { chain },
// StyleSize size([chain | 1]) > k - 1, and negated: < k, < k,
// NOT k - 1 < ..., <= k - 1.

// Pred is one conjunct of a WHERE clause.
type Pred struct {
	Kind    PredKind
	Style   Style
	Var     string
	Key     string
	Vals    []string
	Label   string
	Chain   *Chain
	Negated bool
	// SubWhere is the WHERE inside an existence subquery ("" for none);
	// Uses lists the variables it reads. AtLeast (0 or 1: existence) is
	// the number of matches a count threshold asks for.
	SubWhere string
	AtLeast  int
	Raw      string
	Uses     []string
	// Wrap writes the conjunct inside coalesce(..., false) or a CASE.
	Wrap Wrap
}

// Match is a MATCH or OPTIONAL MATCH clause with its WHERE conjuncts.
// Star puts WITH * before it; With puts WITH v1, v2, ... before it (after
// the WITH *), passing every variable in scope before the clause but
// those of Drop, and those of Rename under their new names (a projection
// that changes no row); Unwind puts UNWIND [vals] AS var after the WITH,
// before the clause.
type Match struct {
	Optional bool
	Star     bool
	With     bool
	Drop     []string
	Rename   []Rename
	Unwind   *Unwind
	Chains   []Chain
	Where    []Pred
}

// Rename is one item `From AS To` of a WITH.
type Rename struct{ From, To string }

// withItems prints the items of a WITH over the variables vs (in scope
// before it) that drops drop and renames by ren; "" when none is left.
func withItems(vs, drop []string, ren []Rename) string {
	var items []string
	for _, v := range vs {
		if slices.Contains(drop, v) {
			continue
		}
		item := v
		for _, r := range ren {
			if r.From == v {
				item = v + " AS " + r.To
			}
		}
		items = append(items, item)
	}
	return strings.Join(items, ", ")
}

// Unwind is an UNWIND of a list of literals (or placeholders) to Var.
type Unwind struct {
	Var  string
	Vals []string
}

// TailKind is the shape of the part of a query after its MATCH clauses.
type TailKind uint8

// The tails a question can end with. Each has several styles, all
// returning the same rows (see tailStyles for the preconditions).
const (
	TailCountDistinct TailKind = iota // the number of distinct values of Var
	TailCount                         // the number of rows (Var: a variable bound in every row)
	TailDistinct                      // the distinct values of Items
	TailOrdered                       // Items ordered by OrderBy (a total order), then Limit
	TailGroup                         // Items (grouping keys) and Aggs, ordered by OrderBy, then Limit
	TailDegree                        // per row of Var, the number of matches of Chain
	TailDegreeAvg                     // the average over rows of Var of its TailDegree, per group of Items (keys over Var)
	TailDegreeOver                    // the number of rows of Var whose TailDegree exceeds Threshold (>= 0)
)

// Item is a projected expression and its alias.
type Item struct{ Expr, Alias string }

// Tail is the end of a query: what it returns, in one of several styles.
type Tail struct {
	Kind    TailKind
	Style   int
	Var     string
	Items   []Item
	Aggs    []Item
	OrderBy string // ORDER BY text over aliases; must be a total order of the rows
	Limit   int
	Chain   *Chain // TailDegree, TailDegreeAvg, TailDegreeOver
	// Threshold is TailDegreeOver's bound.
	Threshold int
	Uses      []string
}

// Query is a question in the structured form the generator rewrites:
// MATCH clauses, an optional WITH DISTINCT over variables, and a tail.
type Query struct {
	// Stage, when set, aggregates before the MATCH clauses, which start
	// from its rows (see Stage).
	Stage    *Stage
	Matches  []Match
	Distinct []string
	// TailWith puts WITH v1, v2, ... before WITH DISTINCT and the tail,
	// passing every variable in scope but those of TailDrop, and those of
	// TailRename under their new names.
	TailWith   bool
	TailDrop   []string
	TailRename []Rename
	// TailStar puts WITH * before the tail's WITH (or the tail).
	TailStar bool
	// Call writes the MATCH clauses (with their WITH and UNWIND clauses)
	// inside CALL { ... RETURN v1, ..., vn }, returning every variable in
	// scope after them.
	Call bool
	// Union writes the one MATCH clause, of one chain with one undirected
	// relationship, as CALL { MATCH (x)-[r]->(y) ... RETURN vs UNION ALL
	// MATCH (x)<-[r]-(y) ... AND NOT startNode(r) = endNode(r) RETURN vs }
	// (see unionDirections).
	Union bool
	Tail  Tail
	// Written, when set, is a question the generator's structure cannot
	// express (list comprehensions, reduce, shortest paths, aggregation
	// rewritten as collect and slice): its forms written out, each an
	// exact equivalent of the first (see written). The rules do not apply
	// to it; WrittenOrdered says whether its rows compare in order.
	Written        []string
	WrittenOrdered bool
}

// Ordered reports whether rows of q must be compared in order.
func (q *Query) Ordered() bool {
	if len(q.Written) > 0 {
		return q.WrittenOrdered
	}
	return q.Tail.Kind == TailOrdered || (q.Tail.Kind == TailGroup && q.Tail.OrderBy != "")
}

func (d Dir) arrows() (string, string) {
	switch d {
	case Out:
		return "-", "->"
	case In:
		return "<-", "-"
	}
	return "-", "-"
}

func (n Node) String() string {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(n.Var)
	for _, l := range n.Labels {
		b.WriteString(":" + l)
	}
	if len(n.Props) > 0 {
		if n.Var != "" || len(n.Labels) > 0 {
			b.WriteString(" ")
		}
		b.WriteString("{")
		for i, p := range n.Props {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.Key + ": " + p.Val)
		}
		b.WriteString("}")
	}
	b.WriteString(")")
	return b.String()
}

func (r Rel) String() string {
	left, right := r.Dir.arrows()
	inner := r.Var
	if len(r.Types) > 0 {
		inner += ":" + strings.Join(r.Types, "|")
	}
	if r.VarLen {
		switch {
		case r.Min == r.Max:
			inner += fmt.Sprintf("*%d", r.Min)
		case r.Short && r.Min == 1:
			inner += fmt.Sprintf("*..%d", r.Max)
		default:
			inner += fmt.Sprintf("*%d..%d", r.Min, r.Max)
		}
	}
	if inner == "" {
		return left + right
	}
	return left + "[" + inner + "]" + right
}

func (c Chain) String() string {
	var b strings.Builder
	if c.Path != "" {
		b.WriteString(c.Path + " = ")
	}
	for i, n := range c.Nodes {
		if i > 0 {
			b.WriteString(c.Rels[i-1].String())
		}
		b.WriteString(n.String())
	}
	return b.String()
}

func (p Pred) String() string {
	s := p.body()
	switch p.Wrap {
	case WrapCoalesce:
		return "coalesce(" + s + ", false)"
	case WrapCase:
		return "CASE WHEN " + s + " THEN true ELSE false END"
	}
	return s
}

// body prints the predicate without its wrap.
func (p Pred) body() string {
	switch p.Kind {
	case PredProp:
		x := p.Var + "." + p.Key
		switch p.Style {
		case StyleEq:
			return x + " = " + p.Vals[0]
		case StyleEqFlip:
			return p.Vals[0] + " = " + x
		case StyleIn:
			return x + " IN [" + strings.Join(p.Vals, ", ") + "]"
		case StyleAny:
			return "any(i IN [" + strings.Join(p.Vals, ", ") + "] WHERE " + x + " = i)"
		case StyleSingle:
			return "single(i IN [" + strings.Join(p.Vals, ", ") + "] WHERE " + x + " = i)"
		case StyleNotNone:
			return "NOT none(i IN [" + strings.Join(p.Vals, ", ") + "] WHERE " + x + " = i)"
		case StyleNotAll:
			return "NOT all(i IN [" + strings.Join(p.Vals, ", ") + "] WHERE " + x + " <> i)"
		case StyleOr, StyleOrFlip:
			parts := make([]string, len(p.Vals))
			for i, v := range p.Vals {
				if p.Style == StyleOr {
					parts[i] = x + " = " + v
				} else {
					parts[i] = v + " = " + x
				}
			}
			return "(" + strings.Join(parts, " OR ") + ")"
		}
	case PredLabel:
		if p.Style == StyleLabelsIn {
			return "'" + p.Label + "' IN labels(" + p.Var + ")"
		}
		return p.Var + ":" + p.Label
	case PredExists:
		c := p.Chain.String()
		if p.SubWhere != "" {
			c += " WHERE " + p.SubWhere
		}
		if p.AtLeast > 1 {
			return p.threshold(c)
		}
		switch p.Style {
		case StyleExists, StyleExistsMatch, StylePattern:
			s := "EXISTS { " + c + " }"
			if p.Style == StyleExistsMatch {
				s = "EXISTS { MATCH " + c + " }"
			} else if p.Style == StylePattern {
				s = c
			}
			if p.Negated {
				return "NOT " + s
			}
			return s
		case StyleCount, StyleSize:
			s := "COUNT { " + c + " }"
			if p.Style == StyleSize {
				s = "size([" + c + " | 1])"
			}
			if p.Negated {
				return s + " = 0"
			}
			return s + " > 0"
		}
	case PredRaw:
		return p.Raw
	}
	panic(fmt.Sprintf("metamorphic: predicate %d style %d cannot be printed", p.Kind, p.Style))
}

func (m Match) String() string {
	var b strings.Builder
	if m.Unwind != nil {
		b.WriteString("UNWIND [" + strings.Join(m.Unwind.Vals, ", ") + "] AS " + m.Unwind.Var + " ")
	}
	if m.Optional {
		b.WriteString("OPTIONAL ")
	}
	b.WriteString("MATCH ")
	for i, c := range m.Chains {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.String())
	}
	first := true
	for _, p := range m.Where {
		if p.antiJoin() {
			continue // written after the clause (Query.String)
		}
		if first {
			b.WriteString(" WHERE ")
		} else {
			b.WriteString(" AND ")
		}
		first = false
		b.WriteString(p.String())
	}
	return b.String()
}

// antiJoin reports whether p is written as an OPTIONAL MATCH after its
// clause rather than in its WHERE.
func (p Pred) antiJoin() bool { return p.Kind == PredExists && p.Style == StyleOptionalNull }

// antiJoins prints the anti-joins of MATCH clause mi: for each, OPTIONAL
// MATCH chain [WHERE ...] WITH vs WHERE r IS NULL, vs being the variables
// in scope after the clause and r the chain's first relationship (named
// with a fresh name when anonymous). A row without a match of the chain
// gets one row with r null and passes; a row with matches gets only rows
// with r bound and none passes: the rows of NOT EXISTS { chain }.
func (q *Query) antiJoins(mi int) []string {
	var out []string
	for _, p := range q.Matches[mi].Where {
		if !p.antiJoin() {
			continue
		}
		ch := p.Chain.clone()
		r := ch.Rels[0].Var
		if r == "" {
			r = q.fresh("o")
			ch.Rels[0].Var = r
		}
		s := "OPTIONAL MATCH " + ch.String()
		if p.SubWhere != "" {
			s += " WHERE " + p.SubWhere
		}
		out = append(out, s+" WITH "+strings.Join(q.declaredBefore(mi+1), ", ")+" WHERE "+r+" IS NULL")
	}
	return out
}

func items(xs []Item) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.Expr + " AS " + x.Alias
	}
	return strings.Join(parts, ", ")
}

func aliases(xs []Item) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.Alias
	}
	return strings.Join(parts, ", ")
}

func (t Tail) orderLimit() string {
	s := ""
	if t.OrderBy != "" {
		s += " ORDER BY " + t.OrderBy
	}
	if t.Limit > 0 {
		s += fmt.Sprintf(" LIMIT %d", t.Limit)
	}
	return s
}

// orderLimitExprs is orderLimit with every alias of its ORDER BY written
// as the aliased expression (ORDER BY count(*) DESC rather than n DESC).
func (t Tail) orderLimitExprs(its []Item) string {
	c := t
	if c.OrderBy != "" {
		keys := strings.Split(c.OrderBy, ", ")
		for i, k := range keys {
			name, dir, _ := strings.Cut(k, " ")
			for _, x := range its {
				if x.Alias == name {
					name = x.Expr
				}
			}
			keys[i] = strings.TrimSpace(name + " " + dir)
		}
		c.OrderBy = strings.Join(keys, ", ")
	}
	return c.orderLimit()
}

// far returns the node of a degree tail's chain at the other end from Var
// (the chain may have been flipped).
func (t Tail) far() *Node {
	c := t.Chain
	if c.Nodes[0].Var == t.Var {
		return &c.Nodes[len(c.Nodes)-1]
	}
	return &c.Nodes[0]
}

// String prints the tail in its style.
func (t Tail) String() string {
	v := t.Var
	switch t.Kind {
	case TailCountDistinct:
		return [...]string{
			"RETURN count(DISTINCT " + v + ") AS n",
			"WITH DISTINCT " + v + " RETURN count(*) AS n",
			"WITH DISTINCT " + v + " RETURN count(" + v + ") AS n",
			"RETURN size(collect(DISTINCT " + v + ")) AS n",
			"WITH " + v + ", count(*) AS _dup RETURN count(*) AS n",
		}[t.Style]
	case TailCount:
		return [...]string{
			"RETURN count(*) AS n",
			"RETURN count(" + v + ") AS n",
			"RETURN sum(1) AS n",
			"RETURN size(collect(" + v + ")) AS n",
		}[t.Style]
	case TailDistinct:
		return [...]string{
			"RETURN DISTINCT " + items(t.Items),
			"WITH DISTINCT " + items(t.Items) + " RETURN " + aliases(t.Items),
			"WITH " + items(t.Items) + ", count(*) AS _dup RETURN " + aliases(t.Items),
		}[t.Style]
	case TailOrdered:
		return [...]string{
			"RETURN " + items(t.Items) + t.orderLimit(),
			"WITH " + items(t.Items) + t.orderLimit() + " RETURN " + aliases(t.Items),
			"WITH " + items(t.Items) + " RETURN " + aliases(t.Items) + t.orderLimit(),
			"RETURN " + items(t.Items) + t.orderLimitExprs(t.Items),
		}[t.Style]
	case TailGroup:
		all := append(append([]Item(nil), t.Items...), t.Aggs...)
		return [...]string{
			"RETURN " + items(all) + t.orderLimit(),
			"WITH " + items(all) + " RETURN " + aliases(all) + t.orderLimit(),
			"WITH " + items(all) + t.orderLimit() + " RETURN " + aliases(all),
			"RETURN " + items(all) + t.orderLimitExprs(all),
		}[t.Style]
	case TailDegree:
		c := t.Chain.String()
		end := t.far().Var
		return [...]string{
			"RETURN COUNT { " + c + " } AS d",
			"RETURN size([" + c + " | 1]) AS d",
			"RETURN size([" + c + " | " + end + "]) AS d",
			"OPTIONAL MATCH " + c + " WITH " + v + ", count(" + end + ") AS d RETURN d",
			"CALL { WITH " + v + " MATCH " + c + " RETURN count(*) AS d } RETURN d",
			"OPTIONAL MATCH " + c + " WITH " + v + ", collect(" + end + ") AS xs RETURN size(xs) AS d",
			"RETURN COUNT { MATCH " + c + " } AS d",
		}[t.Style]
	case TailDegreeAvg:
		c := t.Chain.String()
		end := t.far().Var
		keys, names := "", ""
		if len(t.Items) > 0 {
			keys, names = items(t.Items)+", ", aliases(t.Items)+", "
		}
		return [...]string{
			"RETURN " + keys + "avg(COUNT { " + c + " }) AS d",
			"WITH " + keys + "COUNT { " + c + " } AS kd RETURN " + names + "avg(kd) AS d",
			"WITH " + keys + "size([" + c + " | 1]) AS kd RETURN " + names + "avg(kd) AS d",
			"OPTIONAL MATCH " + c + " WITH " + v + ", count(" + end + ") AS kd RETURN " + keys + "avg(kd) AS d",
			"CALL { WITH " + v + " MATCH " + c + " RETURN count(*) AS kd } RETURN " + keys + "avg(kd) AS d",
		}[t.Style]
	case TailDegreeOver:
		c := t.Chain.String()
		end := t.far().Var
		k := fmt.Sprint(t.Threshold)
		return [...]string{
			"WITH " + v + " WHERE COUNT { " + c + " } > " + k + " RETURN count(*) AS n",
			"WITH " + v + ", COUNT { " + c + " } AS kd WHERE kd > " + k + " RETURN count(*) AS n",
			"WITH " + v + " WHERE size([" + c + " | 1]) > " + k + " RETURN count(" + v + ") AS n",
			"OPTIONAL MATCH " + c + " WITH " + v + ", count(" + end + ") AS kd WHERE kd > " + k + " RETURN count(*) AS n",
			"MATCH " + c + " WITH " + v + ", count(*) AS kd WHERE kd > " + k + " RETURN count(*) AS n",
			"CALL { WITH " + v + " MATCH " + c + " RETURN count(*) AS kd } WITH " + v + ", kd WHERE kd > " + k + " RETURN sum(1) AS n",
		}[t.Style]
	}
	panic(fmt.Sprintf("metamorphic: tail kind %d cannot be printed", t.Kind))
}

// String prints q as Cypher.
func (q *Query) String() string {
	if len(q.Written) > 0 {
		return q.Written[0]
	}
	parts := make([]string, 0, len(q.Matches)+3)
	if q.Stage != nil {
		parts = append(parts, q.Stage.String())
	}
	for mi, m := range q.Matches {
		if m.Star && len(q.declaredBefore(mi)) > 0 {
			parts = append(parts, "WITH *")
		}
		if items := withItems(q.declaredBefore(mi), m.Drop, m.Rename); m.With && items != "" {
			parts = append(parts, "WITH "+items)
		}
		parts = append(parts, m.String())
		parts = append(parts, q.antiJoins(mi)...)
	}
	if q.unionable() && q.Union {
		parts = []string{q.unionText()}
	}
	if vs := q.declaredBefore(len(q.Matches)); q.Call && len(vs) > 0 {
		parts = []string{"CALL { " + strings.Join(parts, " ") + " RETURN " + strings.Join(vs, ", ") + " }"}
	}
	if q.TailStar && len(q.declaredBefore(len(q.Matches))) > 0 {
		parts = append(parts, "WITH *")
	}
	if items := withItems(q.declaredBefore(len(q.Matches)), q.TailDrop, q.TailRename); q.TailWith && items != "" {
		parts = append(parts, "WITH "+items)
	}
	if len(q.Distinct) > 0 {
		parts = append(parts, "WITH DISTINCT "+strings.Join(q.Distinct, ", "))
	}
	parts = append(parts, q.Tail.String())
	return strings.Join(parts, " ")
}

// unionable reports whether q's MATCH part is one MATCH clause (not
// OPTIONAL, no WITH, UNWIND or stage before it, no anti-join after it) of
// one chain, with no path name, of one undirected relationship, and some
// variable to return.
func (q *Query) unionable() bool {
	if len(q.Written) > 0 || q.Stage != nil || q.Call || len(q.Matches) != 1 {
		return false
	}
	m := q.Matches[0]
	if m.Optional || m.Star || m.With || m.Unwind != nil || len(m.Chains) != 1 {
		return false
	}
	for _, p := range m.Where {
		if p.antiJoin() {
			return false
		}
	}
	c := m.Chains[0]
	return c.Path == "" && len(c.Rels) == 1 && c.Rels[0].Dir == Both && !c.Rels[0].VarLen && len(q.declaredBefore(1)) > 0
}

// unionText prints the MATCH clause of a unionable query as the UNION ALL
// of its two directions: a relationship that is not a self-loop matches
// the undirected pattern once each way round, as it matches each
// directed branch once; a self-loop matches the undirected pattern once,
// and only the first branch keeps it.
func (q *Query) unionText() string {
	m := q.Matches[0].clone()
	r := m.Chains[0].Rels[0].Var
	if r == "" {
		r = q.fresh("o")
		m.Chains[0].Rels[0].Var = r
	}
	vs := strings.Join(q.declaredBefore(1), ", ")
	out := m.clone()
	out.Chains[0].Rels[0].Dir = Out
	in := m.clone()
	in.Chains[0].Rels[0].Dir = In
	in.Where = append(in.Where, Pred{Kind: PredRaw, Raw: "NOT startNode(" + r + ") = endNode(" + r + ")", Uses: []string{r}})
	return "CALL { " + out.String() + " RETURN " + vs + " UNION ALL " + in.String() + " RETURN " + vs + " }"
}

// threshold prints a count threshold (AtLeast above 1) in its style.
func (p Pred) threshold(c string) string {
	k, k1 := fmt.Sprint(p.AtLeast), fmt.Sprint(p.AtLeast-1)
	switch p.Style {
	case StyleExists, StyleExistsMatch:
		s := "COUNT { " + c + " }"
		if p.Style == StyleExistsMatch {
			s = "COUNT { MATCH " + c + " }"
		}
		if p.Negated {
			return s + " < " + k
		}
		return s + " >= " + k
	case StyleCount:
		s := k1 + " < COUNT { " + c + " }"
		if p.Negated {
			return "NOT " + s
		}
		return s
	case StyleSize:
		s := "size([" + c + " | 1])"
		if p.Negated {
			return s + " <= " + k1
		}
		return s + " > " + k1
	}
	panic(fmt.Sprintf("metamorphic: count threshold style %d cannot be printed", p.Style))
}
