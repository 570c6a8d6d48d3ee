package planner

import "github.com/cyqdb/cyq/parser/ast"

// valueNodePositions returns, for each variable a node pattern (or a
// single relationship's pattern) names after
// the variable was first written elsewhere (bound by UNWIND, WITH, LET, a
// comprehension or a CALL, or read as a value), the position of the first
// such node pattern. A variable that holds a value reaches a pattern
// through nodeReg (relReg), which raises "expected a node" ("expected a
// relationship") when the value is not one; the error belongs to the pattern that needs the node, so it is
// reported there, wherever the plan converts the value. Without this the
// conversion took the position of whatever expression was compiled just
// before it, which differs between plans of one query (an UNWIND's list
// in one, a comprehension's element another rule moved before it in the
// next).
func valueNodePositions(st *ast.Statement) map[string]int32 {
	if st == nil || st.Query == nil {
		return nil
	}
	patternVar := map[*ast.Variable]bool{}
	firstMention := map[string]int{}
	nodes := map[string][]int{}
	ast.Inspect(st.Query, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.NodePattern:
			if x.Var != nil && !x.Implicit {
				patternVar[x.Var] = true
				nodes[x.Var.Name] = append(nodes[x.Var.Name], x.Start)
			}
		case *ast.RelPattern:
			if x.Var != nil && x.Quant == nil && x.Group == nil && x.VarLength == nil {
				patternVar[x.Var] = true
				nodes[x.Var.Name] = append(nodes[x.Var.Name], x.Start)
			}
		case *ast.Variable:
			if !patternVar[x] {
				if at, ok := firstMention[x.Name]; !ok || x.Start < at {
					firstMention[x.Name] = x.Start
				}
			}
		}
		return true
	})
	out := map[string]int32{}
	for name, at := range firstMention {
		best := -1
		for _, p := range nodes[name] {
			if p > at && (best < 0 || p < best) {
				best = p
			}
		}
		if best >= 0 {
			out[name] = int32(best)
		}
	}
	return out
}
