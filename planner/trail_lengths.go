package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// trailLengths lets a variable-length expansion yield one trail of each
// length its trails have (or one of the least length) where its
// consumers read the trails only through their lengths and do not count
// the rows:
//
//	MATCH (e) OPTIONAL MATCH p = (e)<-[:R*1..4]-() RETURN e, max(length(p))
//
// reads of the trails from e only the greatest length, which the walk
// finds by going deep and stopping at the first trail of four hops,
// where it enumerated every trail of up to four. What the consumers read
// of a path decides what the expansion must produce: every trail (its
// relationships or end node are read, or the rows are counted), each
// length once (the lengths are read, as min, max, DISTINCT aggregates,
// grouping keys or tests, and duplicates do not matter), or only the
// least length (min() of a length and nothing else).
//
// Why it is exact. The expansion's rows differ from one another only in
// the trail (its relationship list, its end node and the paths built of
// them). The consumers read, of those, only length measures: length(p)
// or size(relationships(p)) or size(nodes(p)) of a path bound from the
// list and nodes bound before, the size of the list, or of a list of the
// path's nodes or relationships that listMeasures reads as a measure,
// each the length plus a constant; the end node is read by nothing but
// the path's binding. So each row is, to them, its input row and the
// trail's length. They do not count the rows (required.go: Bag is false
// after the expansion): copies of a row beyond its first change nothing
// they compute, and an order they observe (collect(DISTINCT ...)) is
// that of first occurrences. The expansion's walk (vm trailWalk) is
// depth first and meets every trail within the bounds (the ones it
// yields are those of at least the minimum length), each after its
// prefixes; so the first trail of each length comes before the first
// of any greater length, and EachLength, which yields the first met of
// each length greater than any yielded before (stopping once it yields
// the bound's greatest), yields exactly the first occurrence of each
// (input row, length) pair, in the order row mode meets them. An expression evaluated on the rows is evaluated on a row of
// every (input row, length) pair either way, with the same values, so
// the same errors arise. Under LeastLength the consumers read only the
// least length (min() of a length, increasing in it): every trail longer
// than the minimum has a prefix of the minimum's length that the walk
// meets before it, so the first trail met has the least length.
//
// The expansion binds its own list (not one bound before), ends at a
// node it binds (a bound end would drop trails after the walk yields
// them), enumerates rows and is no quantified path's (whose group
// variables are read element by element). Under OPTIONAL MATCH the
// expansion's rows are those of the optional's inner pipeline: it yields
// a trail exactly when it would yield any, so the null row comes the
// same; the inner operators after it are read as the operators after the
// optional are.
func trailLengths(b *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	if b.rowModeOnly || len(ops) == 0 {
		return ops, false
	}
	end := req.After[len(ops)-1]
	for i, op := range ops {
		switch o := op.(type) {
		case logical.VarExpand:
			if !lengthCandidate(o) {
				continue
			}
			l, ok := logical.EveryTrail, false
			if !req.After[i].Bag {
				l, ok = lengthsRead(o, ops[i+1:], end)
			}
			if !ok && b.greatestFirst(o, nil, ops, i+1, req) {
				l, ok = logical.EachLength, true
			}
			if !ok {
				continue
			}
			o.Lengths = l
			return replace(ops, i, 1, o), true
		case logical.Optional:
			for k, in := range o.Inner {
				v, ok := in.(logical.VarExpand)
				if !ok || !lengthCandidate(v) {
					continue
				}
				l, ok := logical.EveryTrail, false
				if !req.After[i].Bag {
					consumers := append(append([]logical.Op(nil), o.Inner[k+1:]...), ops[i+1:]...)
					l, ok = lengthsRead(v, consumers, end)
				}
				if !ok && b.greatestFirst(v, o.Inner[k+1:], ops, i+1, req) {
					l, ok = logical.EachLength, true
				}
				if !ok {
					continue
				}
				v.Lengths = l
				inner := append([]logical.Op(nil), o.Inner...)
				inner[k] = v
				o.Inner = inner
				return replace(ops, i, 1, o), true
			}
		}
	}
	return ops, false
}

// lengthCandidate reports whether expansion o enumerates every trail of
// its own list to a node it binds, the shape trailLengths narrows.
func lengthCandidate(o logical.VarExpand) bool {
	return o.Mode == logical.RowMode && o.Lengths == logical.EveryTrail && !o.ListBound && !o.ToBound &&
		o.Group == nil && o.RelList != "" && o.To != "" && o.To != o.From
}

// lengthsRead follows what the operators after expansion o (consumers,
// up to and including the first aggregation, or to the pipeline's end,
// whose consumer needs end) read of its trails, and returns which trails
// the expansion must yield: LeastLength where only min() of a length
// reads them, EachLength where anything else reads only lengths. ok is
// false where something reads the list, the end node or a path other
// than through a length.
func lengthsRead(o logical.VarExpand, consumers []logical.Op, end need) (logical.TrailLengths, bool) {
	r := lengthReader{names: map[string]bool{o.RelList: true}, end: o.To, least: true}
	read := false
	for _, op := range consumers {
		switch c := op.(type) {
		case logical.PathBind:
			if !r.pathBind(c, o) {
				return 0, false
			}
		case logical.Project:
			if c.Subst != nil {
				if r.readsAny(usesOf(c)) {
					return 0, false
				}
				continue
			}
			bound := map[string]bool{}
			for _, it := range c.Items {
				if p := r.listOf(it.Expr); p != "" {
					bound[it.Name] = true
					continue
				}
				if !r.lengthOnly(it.Expr, false) {
					return 0, false
				}
				read = read || r.readsLength(it.Expr)
			}
			for _, it := range c.Items {
				r.bind(it.Name)
			}
			for n := range bound {
				r.names[n] = true
			}
		case logical.Filter:
			if c.Subst != nil && r.readsAny(usesOf(c)) || !r.lengthOnly(c.Pred, false) {
				return 0, false
			}
			read = read || r.readsLength(c.Pred)
		case logical.Aggregate:
			for _, k := range c.Keys {
				if !r.lengthOnly(k.Expr, false) {
					return 0, false
				}
				read = read || r.readsLength(k.Expr)
			}
			for _, a := range c.Aggs {
				reads := false
				for _, arg := range a.Call.Args {
					reads = reads || r.readsLength(arg)
					if !r.lengthOnly(arg, true) {
						return 0, false
					}
				}
				if !reads {
					continue
				}
				least := len(a.Call.Namespace) == 0 && strings.EqualFold(a.Call.Name, "min") && len(a.Call.Args) == 1
				if !least {
					r.least = false
				} else if q, _, ok := pathLength(a.Call.Args[0]); !ok || !r.names[q] {
					r.least = false
				}
				read = true
			}
			return r.result(read)
		case logical.Select:
			continue
		default:
			if r.readsAny(usesOf(op)) {
				return 0, false
			}
		}
	}
	if end.Live.all || end.Live.aggs || r.readsAny(end.Live) {
		return 0, false
	}
	return r.result(read)
}

// lengthReader holds, for lengthsRead, the names whose values are the
// trails' (the list, the paths bound from it, lists of their elements)
// and are read only through their lengths, and the end node, read by
// nothing.
type lengthReader struct {
	names map[string]bool
	end   string
	// least: every read so far is min() of a length.
	least bool
}

// pathBind follows a path's binding: a path built from the expansion's
// list (and elements bound before) is read as its length is.
func (r *lengthReader) pathBind(c logical.PathBind, o logical.VarExpand) bool {
	at := oneList(c)
	if at < 0 || c.Rels[at] != o.RelList {
		if r.readsAny(usesOf(c)) {
			return false
		}
		r.bind(c.Var)
		return true
	}
	r.bind(c.Var)
	r.names[c.Var] = true
	return true
}

func (r *lengthReader) result(read bool) (logical.TrailLengths, bool) {
	if !read {
		return 0, false // nothing reads the lengths: other rules serve
	}
	if r.least {
		return logical.LeastLength, true
	}
	return logical.EachLength, true
}

// bind notes that name is bound anew: it no longer holds the trails'.
func (r *lengthReader) bind(name string) {
	delete(r.names, name)
	if name == r.end {
		r.end = ""
	}
}

// readsAny reports whether s reads one of the names or the end node.
func (r *lengthReader) readsAny(s varSet) bool {
	if s.all {
		return true
	}
	if r.end != "" && s.has(r.end) {
		return true
	}
	for n := range r.names {
		if s.has(n) {
			return true
		}
	}
	return false
}

// lengthOnly reports whether e reads the names only through a length
// measure and does not read the end node; outside an aggregation's
// arguments (inAgg false) a read of a length makes the answer depend on
// more than the least length.
func (r *lengthReader) lengthOnly(e ast.Expr, inAgg bool) bool {
	rest, changed := rewriteExpr(e, func(x ast.Expr) (ast.Expr, bool) {
		if q, _, ok := pathLength(x); ok && r.names[q] {
			return intLit(x.NodeSpan(), 0), true
		}
		return x, false
	})
	s := newVarSet()
	addExprVars(rest, &s)
	if s.aggs || r.readsAny(s) {
		return false
	}
	if changed && !inAgg {
		r.least = false
	}
	return true
}

// readsLength reports whether e reads one of the names.
func (r *lengthReader) readsLength(e ast.Expr) bool {
	s := newVarSet()
	addExprVars(e, &s)
	for n := range r.names {
		if s.has(n) {
			return true
		}
	}
	return s.all
}

// listOf returns the path whose node or relationship list (or a slice
// of one that listMeasures reads as a measure) e is, or "".
func (r *lengthReader) listOf(e ast.Expr) string {
	for n := range r.names {
		if _, ok := (measures{path: n}).listOfPath(e); ok {
			return n
		}
	}
	return ""
}

// greatestFirst reports whether the operators after expansion o (inner,
// the rest of an optional's pipeline, then ops from from on) order its
// rows by a length and keep the first, reading after the cut only that
// length:
//
//	OPTIONAL MATCH p = (e)<-[*1..4]-() RETURN length(p) AS d ORDER BY d DESC LIMIT 1
//
// The first row after the sort has the greatest (or, ascending, the
// least) length of all rows (a length plus a constant orders as the
// length does), which the rows of EachLength have as well, as they have
// every length; what is read after the cut is that length
// (names bound to a length measure), the same whichever row of it the
// cut keeps. The operators before the sort bind and test values of the
// input rows and lengths, as lengthsRead requires, evaluated on a row
// of every (input row, length) pair either way.
func (b *builder) greatestFirst(o logical.VarExpand, inner, ops []logical.Op, from int, req required) bool {
	r := lengthReader{names: map[string]bool{o.RelList: true}, end: o.To}
	lens := map[string]bool{}
	isLength := func(e ast.Expr) bool {
		if v, ok := varName(e); ok && lens[v] {
			return true
		}
		q, _, ok := pathLength(e)
		return ok && r.names[q]
	}
	sorted := false
	for j := 0; j < len(inner)+len(ops)-from; j++ {
		var op logical.Op
		if j < len(inner) {
			op = inner[j]
		} else {
			op = ops[from+j-len(inner)]
		}
		switch c := op.(type) {
		case logical.PathBind:
			if sorted || !r.pathBind(c, o) {
				return false
			}
		case logical.Project:
			if sorted || c.Subst != nil {
				return false
			}
			bound, measured := map[string]bool{}, map[string]bool{}
			for _, it := range c.Items {
				if p := r.listOf(it.Expr); p != "" {
					bound[it.Name] = true
					continue
				}
				if isLength(it.Expr) {
					measured[it.Name] = true
					continue
				}
				if !r.lengthOnly(it.Expr, false) {
					return false
				}
			}
			for _, it := range c.Items {
				r.bind(it.Name)
				delete(lens, it.Name)
			}
			for n := range bound {
				r.names[n] = true
			}
			for n := range measured {
				lens[n] = true
			}
		case logical.Filter:
			if sorted || c.Subst != nil || !r.lengthOnly(c.Pred, false) {
				return false
			}
		case logical.Select:
			continue
		case logical.Sort:
			if sorted || j < len(inner) || c.Subst != nil || len(c.Keys) != 1 || !isLength(c.Keys[0].Expr) {
				return false
			}
			sorted = true
		case logical.Limit:
			n, ok := b.countConstant(c.Count)
			if !sorted || !ok || n != 1 {
				return false
			}
			live := req.After[from+j-len(inner)].Live
			if live.all || live.aggs || r.readsAny(live) {
				return false
			}
			for name := range live.names {
				if !lens[name] {
					return false
				}
			}
			return true
		default:
			return false
		}
	}
	return false
}
