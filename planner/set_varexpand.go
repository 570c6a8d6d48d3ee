package planner

import (
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// setVarExpand runs a variable-length expansion set at a time (a bitmap
// frontier that touches each relationship once) when its consumers need
// only its distinct end nodes: its relationship list is not read later and
// the rows' multiplicity does not matter. Where set mode cannot give MATCH's answer exactly, the expansion stays in
// row mode and its Why says what prevents it.
func setVarExpand(_ *builder, ops []logical.Op, req required) ([]logical.Op, bool) {
	for i, op := range ops {
		o, ok := op.(logical.VarExpand)
		if !ok || o.Mode == logical.SetMode || o.Group != nil {
			continue // a quantified path's enumeration: setQuantifiedPaths'
		}
		why := varExpandRowReason(o, req.After[i])
		unused := !o.ListBound && !req.After[i].Live.has(o.RelList)
		if why == "" {
			o.Mode, o.Why = logical.SetMode, ""
		} else if o.Why == why && o.ListUnused == unused {
			continue
		}
		o.Why, o.ListUnused = why, unused
		return replace(ops, i, 1, o), true
	}
	return ops, false
}

// varExpandRowReason says why o must enumerate its trails one by one, or
// returns "" when a set frontier gives the same end nodes.
func varExpandRowReason(o logical.VarExpand, after need) string {
	switch {
	case after.Live.has(o.RelList):
		if isInternal(o.RelList) {
			return "its relationships are used later (by a path, or by the uniqueness of the pattern's later relationships)"
		}
		return "`" + o.RelList + "` is used later"
	case after.Bag:
		return "the number of paths matters (no DISTINCT or duplicate-insensitive aggregate follows)"
	case o.ListBound:
		return "the relationship list is already bound"
	case o.ToBound:
		return "the end node is already bound"
	case o.Props != nil:
		return "relationship properties are checked along each path"
	case len(o.Distinct) > 0:
		return "its relationships must differ from the pattern's other relationships"
	case o.Min > 1 && o.Max < 0:
		return "a minimum length above 1 with no maximum needs an unbounded trail search"
	case o.Min <= 1 && (o.Dir == ast.DirNone || o.Dir == ast.DirBoth) && (o.Max < 0 || o.Max > 3):
		return "undirected ranges beyond 3 hops need a cycle search the set frontier does not make"
	}
	return ""
}
