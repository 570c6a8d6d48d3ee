package metamorphic

import (
	"fmt"
	"slices"
	"strings"
)

// Stage is an aggregation in the middle of a query: before the MATCH
// clauses of the question it matches the single node pattern Node (with
// the WHERE text Where, reading only Node's variable), counts per node
// the matches of Chain (a pattern from Node's variable), keeps the nodes
// whose count exceeds Threshold (none when negative), orders them by
// OrderBy and keeps the first Limit (none when 0), then passes on only
// the node and its count, as Alias. The MATCH clauses after it start
// from those rows: "aggregate in a WITH, then MATCH again".
//
// Its styles (StageStyle) write the count as COUNT { }, COUNT { MATCH },
// a pattern comprehension's size, an OPTIONAL MATCH then count(end) or
// collect(end), a CALL { } counting its rows, a MATCH then count(*) (one
// MATCH clause or two) and, when the count is not read later, a WHERE on
// COUNT { }; its Wrap passes the rows on as they are, through WITH
// DISTINCT (the node is a grouping key: the rows are distinct already),
// through collect then UNWIND, or, for a top-k, as collect(...)[..k]
// of the ordered rows in place of the LIMIT.
type Stage struct {
	Node      Node
	Where     string
	Chain     *Chain
	Alias     string
	Threshold int
	OrderBy   string // over Node's variable and Alias; a total order of the nodes
	Limit     int
	Style     int
	Wrap      int
}

// The styles of a stage, in the order stageStyle tries them.
const (
	StageCount       = iota // WITH a, COUNT { c } AS d
	StageSize               // WITH a, size([c | 1]) AS d
	StageOptional           // OPTIONAL MATCH c WITH a, count(end) AS d
	StageCall               // CALL { WITH a MATCH c RETURN count(*) AS d } WITH a, d
	StageCountMatch         // WITH a, COUNT { MATCH c } AS d
	StageMatchTwo           // MATCH c WITH a, count(*) AS d (a second MATCH clause)
	StageMatchOne           // MATCH c' WITH a, count(*) AS d (c' carries the node pattern)
	StageCollectSize        // OPTIONAL MATCH c WITH a, collect(end) AS xs WITH a, size(xs) AS d
	StageWhere              // MATCH (a) WHERE COUNT { c } > k (no alias)
	stageStyles
)

// The wraps of a stage's rows.
const (
	StageWrapNone     = iota
	StageWrapDistinct // WITH DISTINCT a, d
	StageWrapCollect  // WITH collect([a, d]) AS rows UNWIND rows AS row WITH row[0] AS a, row[1] AS d
	StageWrapTopK     // ORDER BY ... WITH collect([a, d])[..k] AS rows UNWIND ... (no LIMIT)
	stageWraps
)

func (s *Stage) clone() *Stage {
	if s == nil {
		return nil
	}
	c := *s
	c.Node = Node{Var: s.Node.Var, Labels: slices.Clone(s.Node.Labels), Props: slices.Clone(s.Node.Props)}
	ch := s.Chain.clone()
	c.Chain = &ch
	return &c
}

// far returns the node of the stage's chain at the other end from its
// variable.
func (s *Stage) far() *Node {
	t := Tail{Var: s.Node.Var, Chain: s.Chain}
	return t.far()
}

// vars returns the variables the stage passes on.
func (s *Stage) vars() []string {
	if s.Style == StageWhere {
		return []string{s.Node.Var}
	}
	return []string{s.Node.Var, s.Alias}
}

// uses counts the occurrences of v in the stage.
func (s *Stage) uses(v string) int {
	if s == nil || v == "" {
		return 0
	}
	n := 0
	if s.Node.Var == v {
		n++
	}
	if s.Alias == v {
		n++
	}
	return n + s.Chain.declares(v)
}

// String prints the stage in its style and wrap.
func (s *Stage) String() string {
	a, d, c := s.Node.Var, s.Alias, s.Chain.String()
	src := "MATCH " + s.Node.String()
	where := ""
	if s.Where != "" {
		where = " WHERE " + s.Where
	}
	sel := ""
	if s.Threshold >= 0 {
		sel = fmt.Sprintf(" WHERE %s > %d", d, s.Threshold)
	}
	end := s.far().Var
	var b strings.Builder
	switch s.Style {
	case StageCount:
		b.WriteString(src + where + " WITH " + a + ", COUNT { " + c + " } AS " + d + sel)
	case StageSize:
		b.WriteString(src + where + " WITH " + a + ", size([" + c + " | 1]) AS " + d + sel)
	case StageOptional:
		b.WriteString(src + where + " OPTIONAL MATCH " + c + " WITH " + a + ", count(" + end + ") AS " + d + sel)
	case StageCall:
		b.WriteString(src + where + " CALL { WITH " + a + " MATCH " + c + " RETURN count(*) AS " + d + " } WITH " + a + ", " + d + sel)
	case StageCountMatch:
		b.WriteString(src + where + " WITH " + a + ", COUNT { MATCH " + c + " } AS " + d + sel)
	case StageMatchTwo:
		b.WriteString(src + where + " MATCH " + c + " WITH " + a + ", count(*) AS " + d + sel)
	case StageMatchOne:
		ch := s.Chain.clone()
		start := &ch.Nodes[0]
		if start.Var != a {
			start = &ch.Nodes[len(ch.Nodes)-1]
		}
		start.Labels = append(start.Labels, s.Node.Labels...)
		start.Props = append(start.Props, s.Node.Props...)
		b.WriteString("MATCH " + ch.String() + where + " WITH " + a + ", count(*) AS " + d + sel)
	case StageCollectSize:
		b.WriteString(src + where + " OPTIONAL MATCH " + c + " WITH " + a + ", collect(" + end + ") AS xs WITH " + a + ", size(xs) AS " + d + sel)
	case StageWhere:
		w := fmt.Sprintf("COUNT { %s } > %d", c, s.Threshold)
		if s.Where != "" {
			w = s.Where + " AND " + w
		}
		b.WriteString(src + " WHERE " + w)
	default:
		panic(fmt.Sprintf("metamorphic: stage style %d cannot be printed", s.Style))
	}
	pass := strings.Join(s.vars(), ", ")
	if s.OrderBy != "" || s.Limit > 0 {
		b.WriteString(" WITH " + pass)
		if s.OrderBy != "" {
			b.WriteString(" ORDER BY " + s.OrderBy)
		}
		if s.Limit > 0 && s.Wrap != StageWrapTopK {
			b.WriteString(fmt.Sprintf(" LIMIT %d", s.Limit))
		}
	}
	unwind := func(slice string) {
		vs := s.vars()
		row := make([]string, len(vs))
		for i, v := range vs {
			row[i] = fmt.Sprintf("row[%d] AS %s", i, v)
		}
		b.WriteString(" WITH collect([" + pass + "])" + slice + " AS rows UNWIND rows AS row WITH " + strings.Join(row, ", "))
	}
	switch s.Wrap {
	case StageWrapDistinct:
		b.WriteString(" WITH DISTINCT " + pass)
	case StageWrapCollect:
		unwind("")
	case StageWrapTopK:
		unwind(fmt.Sprintf("[..%d]", s.Limit))
	}
	return b.String()
}

// stageStyle writes the stage of q in another style or wrap.
// Preconditions, per style:
//   - the count(*) of a MATCH (one clause or two) drops the nodes without
//     matches, which only a threshold of 0 or more drops anyway;
//   - OPTIONAL MATCH then count(end) or collect(end) needs the chain's
//     far end named (it is null when nothing matches, and counts 0);
//   - the WHERE on COUNT { } leaves no alias: the count is read nowhere
//     after the stage, and no ORDER BY reads it;
//   - the pattern that carries the node pattern (one MATCH) needs the
//     chain to start or end at the node with no labels or properties of
//     its own besides (they would be merged) — kept simple: always true,
//     labels and properties join as in a conjunction;
//   - the top-k wrap needs an ORDER BY and a LIMIT: collect keeps the
//     order of its input rows, and the slice keeps the first k.
//
// The chain's variables other than the node's are private to it (the
// questions name them nowhere else), so each style declares them once.
func stageStyle(q *Query) []*Query {
	s := q.Stage
	if s == nil {
		return nil
	}
	var out []*Query
	for st := 0; st < stageStyles; st++ {
		if st == s.Style {
			continue
		}
		switch st {
		case StageMatchTwo, StageMatchOne:
			if s.Threshold < 0 {
				continue
			}
		case StageOptional, StageCollectSize:
			if s.far().Var == "" {
				continue
			}
		case StageWhere:
			if s.Threshold < 0 || q.usesAfterStage(s.Alias) > 0 || strings.Contains(s.OrderBy, s.Alias) {
				continue
			}
		}
		c := q.clone()
		c.Stage.Style = st
		out = append(out, c)
	}
	for w := 0; w < stageWraps; w++ {
		if w == s.Wrap || w == StageWrapTopK && (s.OrderBy == "" || s.Limit == 0) {
			continue
		}
		c := q.clone()
		c.Stage.Wrap = w
		out = append(out, c)
	}
	return out
}

// usesAfterStage counts the occurrences of v after the stage: in the
// MATCH clauses and the tail.
func (q *Query) usesAfterStage(v string) int {
	c := *q
	c.Stage = nil
	return c.uses(v)
}
