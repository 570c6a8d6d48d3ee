package planner

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Run constants in AND and OR chains.
//
// Naming a run-constant operand (`n.id = $z * 2` read as
// `n.id = $(z * 2)`) changes how its test is classified: the written
// arithmetic may fail, the named value cannot (it is named only where it
// evaluates without error). The classification orders a chain's operands
// (see deciding_operands.go): those that cannot fail first, then the
// others in written order. Row mode keeps the written spelling, so where
// another operand of the same chain may fail (`n.k AND $z * 2 = 5.5`,
// with n.k an integer), the named operand would decide the chain ahead of
// the other one, which row mode evaluates first and which raises its
// error there. constChain names such an operand only where no other
// operand of its chain may fail; elsewhere the chain's order is not
// observable (operands that cannot fail raise nothing, and the named one
// raises nothing under its plan class) and naming is kept.

// mayFail reports whether operand e may raise an error where the
// variables of ents are nodes or relationships.
func mayFail(e ast.Expr, ents map[string]bool) bool { return !neverFails(e, ents) }

// constChain is constOperands for an AND or OR chain x: each operand with
// its run-constant operands named, except one whose naming would turn it
// from an operand that may fail into one that cannot while another
// operand of the chain may fail; ok reports a change.
func (b *builder) constChain(x *ast.Binary) (ast.Expr, bool) {
	ops := operandsOf(x, x.Op)
	named := make([]ast.Expr, len(ops))
	changed := false
	for i, o := range ops {
		n, ok := b.constOperands(o)
		named[i] = n
		changed = changed || ok
	}
	if !changed {
		return x, false
	}
	// Whether another operand may fail is judged knowing only the
	// entities of constEntities (more may fail than do); whether naming
	// made an operand safe, taking every variable for an entity (more
	// are made safe than are): both err on the side of keeping the
	// written spelling.
	ents := b.constEntities
	for i := range ops {
		if named[i] == ops[i] || !mayFail(ops[i], ents) || mayFail(named[i], exprVars(named[i])) {
			continue
		}
		for j := range ops {
			if j != i && mayFail(named[j], ents) {
				named[i] = ops[i]
				break
			}
		}
	}
	k := 0
	out := rebuildChain(x, x.Op, named, &k)
	return out, true
}

// rebuildChain is chain e of op with its operands (left to right)
// replaced by leaves, from *k on, keeping the chain's shape and spans.
func rebuildChain(e ast.Expr, op ast.BinaryOp, leaves []ast.Expr, k *int) ast.Expr {
	if bin, ok := e.(*ast.Binary); ok && bin.Op == op {
		c := *bin
		c.Left = rebuildChain(bin.Left, op, leaves, k)
		c.Right = rebuildChain(bin.Right, op, leaves, k)
		return &c
	}
	l := leaves[*k]
	*k++
	return l
}

// matchEntities lists the variables pattern p binds to nodes or single
// relationships (not paths, nor the lists of variable-length or
// quantified relationships): property reads of them cannot fail.
func matchEntities(p *ast.Pattern) map[string]bool {
	out := map[string]bool{}
	if p == nil {
		return out
	}
	for _, part := range p.Parts {
		if part.Element == nil {
			continue
		}
		for _, nd := range part.Element.Nodes {
			if nd.Var != nil {
				out[nd.Var.Name] = true
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && r.VarLength == nil && !r.Quantified() {
				out[r.Var.Name] = true
			}
		}
	}
	return out
}

// elementVar is the variable of quantifier q when it ranges over the
// nodes or relationships of a path (nodes(p), relationships(p)): an
// entity; "" otherwise.
func elementVar(q *ast.Quantifier) string {
	fc, ok := q.In.(*ast.FunctionCall)
	if !ok || q.Var == nil || len(fc.Namespace) > 0 || len(fc.Args) != 1 {
		return ""
	}
	switch strings.ToLower(fc.Name) {
	case "nodes", "relationships":
		return q.Var.Name
	}
	return ""
}

// withEntity adds variable v (unless "") to the entities constChain
// reads, and returns the function that restores them.
func (b *builder) withEntity(v string) func() {
	saved := b.constEntities
	if v != "" {
		ents := map[string]bool{v: true}
		for k := range saved {
			ents[k] = true
		}
		b.constEntities = ents
	}
	return func() { b.constEntities = saved }
}
