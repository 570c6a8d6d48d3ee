package planner

import (
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
)

// Clause checks of the binder: what each clause may bind, create or
// change given the variables in scope. Expression checks are in check.go,
// those of projections in bind_projection.go.

// checkUnbound rejects a clause that binds v when v is bound already.
func (b *builder) checkUnbound(v *ast.Variable, sc *scope) error {
	if sc.has(v.Name) {
		return b.ruleErr(ruleAlreadyBound, v, "variable `%s` is already bound", v.Name)
	}
	return nil
}

// checkPatternVars checks the variables of one MATCH pattern part against
// the scope: nodes must not be bound to relationships or paths (or values
// that are never nodes), relationships not to nodes or paths, a
// relationship variable may appear once per MATCH (relVars holds those of
// its earlier parts), and the path variable must be new.
func (b *builder) checkPatternVars(part *ast.PatternPart, sc *scope, relVars []string) error {
	el := part.Element
	for _, n := range el.Nodes {
		if n.Var != nil {
			if k, ok := sc.vars[n.Var.Name]; ok && k != kindNode && k != kindValue {
				return b.ruleErr(ruleNodeKind, n.Var, "variable `%s` is not a node", n.Var.Name)
			}
		}
	}
	for _, r := range el.Rels {
		if err := b.checkRelVar(r, el, sc, relVars); err != nil {
			return err
		}
	}
	for _, n := range el.Nodes {
		if n.Var == nil {
			continue
		}
		for _, r := range el.Rels {
			if r.Var != nil && r.Var.Name == n.Var.Name {
				return b.ruleErr(ruleRelKind, r.Var, "`%s` is used for both a node and a relationship", n.Var.Name)
			}
		}
		if sc.vars[n.Var.Name] == kindRel || sc.vars[n.Var.Name] == kindPath || never(sc.typeOf(n.Var.Name), functions.Node) {
			return b.ruleErr(ruleNodeKind, n.Var, "variable `%s` is not a node", n.Var.Name)
		}
	}
	if part.Var != nil {
		return b.checkUnbound(part.Var, sc)
	}
	return nil
}

// checkRelVar checks the variable of relationship pattern r of el (see
// checkPatternVars).
func (b *builder) checkRelVar(r *ast.RelPattern, el *ast.PatternElement, sc *scope, relVars []string) error {
	if r.Var == nil {
		return nil
	}
	if k, ok := sc.vars[r.Var.Name]; ok {
		if k == kindNode || k == kindPath {
			return b.ruleErr(ruleRelKind, r.Var, "variable `%s` is not a relationship", r.Var.Name)
		}
		if t := sc.typeOf(r.Var.Name); r.VarLength != nil && (never(t, functions.AnyList) || never(elemOf(t), functions.Rel)) {
			return b.ruleErr(ruleVarLengthList, r.Var, "variable-length relationship variable `%s` is bound to something other than a list of relationships", r.Var.Name)
		}
	}
	repeated := false
	for _, other := range el.Rels {
		repeated = repeated || other != r && other.Var != nil && other.Var.Name == r.Var.Name
	}
	for _, rv := range relVars {
		repeated = repeated || rv == r.Var.Name
	}
	if repeated {
		return b.ruleErr(ruleRelUnique, r.Var, "relationship variable `%s` appears twice in the pattern; a relationship matches at most once per pattern", r.Var.Name)
	}
	return nil
}

// checkCreate checks a CREATE pattern: new relationships need one type
// and a direction, and bound variables cannot be created again.
func (b *builder) checkCreate(p *ast.Pattern, sc *scope) error {
	seen := map[string]bool{}
	sc = sc.clone()
	for pi, part := range p.Parts {
		if pi > 0 {
			bindPatternVars(&ast.Pattern{Parts: []*ast.PatternPart{p.Parts[pi-1]}}, sc)
		}
		for i, n := range part.Element.Nodes {
			if n.Var != nil && sc.has(n.Var.Name) && (sc.vars[n.Var.Name] == kindRel || sc.vars[n.Var.Name] == kindPath || never(sc.typeOf(n.Var.Name), functions.Node)) {
				return b.ruleErr(ruleNodeKind, n.Var, "variable `%s` is not a node", n.Var.Name)
			}
			if n.Props != nil {
				if err := b.checkExpr(n.Props, sc, false); err != nil {
					return err
				}
			}
			if n.Var != nil && sc.has(n.Var.Name) && (n.Labels != nil || n.Props != nil) && (len(part.Element.Nodes) == 1 || i >= 0) {
				if sc.vars[n.Var.Name] == kindNode {
					return b.ruleErr(ruleAlreadyBound, n, "variable `%s` is already bound; CREATE cannot add labels or properties to it", n.Var.Name).WithHint("use SET to change an existing node")
				}
			}
			if n.Var != nil && sc.has(n.Var.Name) && len(part.Element.Nodes) == 1 {
				return b.ruleErr(ruleAlreadyBound, n, "variable `%s` is already bound", n.Var.Name)
			}
			if n.Var != nil {
				seen[n.Var.Name] = true
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && (sc.has(r.Var.Name) || seen[r.Var.Name]) {
				return b.ruleErr(ruleAlreadyBound, r, "variable `%s` is already bound", r.Var.Name)
			}
			if err := b.checkCreatedRel(r, true); err != nil {
				return err
			}
			if r.Props != nil {
				if err := b.checkExpr(r.Props, sc, false); err != nil {
					return err
				}
			}
			if r.Var != nil {
				seen[r.Var.Name] = true
			}
		}
	}
	return nil
}

// checkSetItem checks the expressions of a SET item.
func (b *builder) checkSetItem(it ast.SetItem, sc *scope) error {
	switch it := it.(type) {
	case *ast.SetProperty:
		if err := b.checkExpr(it.Target, sc, false); err != nil {
			return err
		}
		return b.checkExpr(it.Value, sc, false)
	case *ast.SetVariable:
		if err := b.checkExpr(it.Var, sc, false); err != nil {
			return err
		}
		return b.checkExpr(it.Value, sc, false)
	case *ast.SetLabels:
		return b.checkExpr(it.Var, sc, false)
	}
	return nil
}

// checkMergeVars rejects MERGE patterns that re-bind what is bound already:
// a single bound node, a bound node given labels or properties, or a
// bound relationship.
func (b *builder) checkMergeVars(part *ast.PatternPart, sc *scope) error {
	el := part.Element
	for _, n := range el.Nodes {
		if n.Var == nil || !sc.has(n.Var.Name) {
			continue
		}
		if len(el.Nodes) == 1 || n.Labels != nil || n.Props != nil {
			return b.ruleErr(ruleAlreadyBound, n.Var, "variable `%s` is already bound; MERGE cannot match or create it again", n.Var.Name)
		}
	}
	for _, r := range el.Rels {
		if r.Var != nil && sc.has(r.Var.Name) {
			return b.ruleErr(ruleAlreadyBound, r.Var, "relationship variable `%s` is already bound", r.Var.Name)
		}
	}
	for _, r := range el.Rels {
		if err := b.checkCreatedRel(r, false); err != nil {
			return err
		}
	}
	return nil
}

// checkRemoveItem checks the target of a REMOVE item.
func (b *builder) checkRemoveItem(it ast.RemoveItem, sc *scope) error {
	switch it := it.(type) {
	case *ast.RemoveProperty:
		return b.checkExpr(it.Target, sc, false)
	case *ast.RemoveLabels:
		return b.checkExpr(it.Var, sc, false)
	}
	return nil
}
