package planner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
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
}

func newScope() *scope {
	return &scope{vars: map[string]varKind{}, types: map[string]functions.Type{}}
}

func (s *scope) clone() *scope {
	c := &scope{vars: make(map[string]varKind, len(s.vars)), types: map[string]functions.Type{}, order: append([]string(nil), s.order...)}
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

func (s *scope) has(name string) bool { _, ok := s.vars[name]; return ok }

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

// builder lowers an AST statement into a logical plan.
type builder struct {
	src     string
	stats   Stats
	procs   ProcedureLookup
	anon    int
	aggRefs map[*ast.FunctionCall]string
	writes  bool
	// projectedVars: variables the current aggregating projection's items use.
	projectedVars map[string]bool
	startLast     bool       // see Options.StartLast
	stmt          *Statement // see Options.Statement
}

func (b *builder) fresh(prefix string) string {
	b.anon++
	return fmt.Sprintf(" %s%d", prefix, b.anon)
}

func (b *builder) errAt(n ast.Node, t cyqerr.Type, detail, format string, args ...any) *cyqerr.Error {
	e := cyqerr.Compile(t, detail, format, args...)
	if n != nil {
		sp := n.NodeSpan()
		e.At(b.src, sp.Start)
		e.EndOff = sp.End
	}
	return e
}

func (b *builder) buildQuery(q *ast.Query) (*logical.Plan, error) {
	plan := &logical.Plan{UnionAll: q.All}
	for i, part := range q.Parts {
		pl, cols, err := b.buildSingle(part.Clauses, newScope(), true)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			plan.Columns = cols
		} else if strings.Join(cols, "\x00") != strings.Join(plan.Columns, "\x00") {
			return nil, b.errAt(part, cyqerr.SyntaxError, "DifferentColumnsInUnion", "all queries in a UNION must return the same column names").WithHint("alias the columns so that every part returns %s", strings.Join(plan.Columns, ", "))
		}
		plan.Pipelines = append(plan.Pipelines, pl)
	}
	plan.Writes = b.writes
	return plan, nil
}

func isWriteClause(c ast.Clause) bool {
	switch c := c.(type) {
	case *ast.Create, *ast.Merge, *ast.Set, *ast.Remove, *ast.Delete, *ast.Foreach:
		return true
	case *ast.CallSubquery:
		for _, part := range c.Body.Parts {
			for _, inner := range part.Clauses {
				if isWriteClause(inner) {
					return true
				}
			}
		}
	}
	return false
}

// buildSingle plans the clauses of one single query.
func (b *builder) buildSingle(clauses []ast.Clause, sc *scope, top bool) (*logical.Pipeline, []string, error) {
	pl := &logical.Pipeline{Ops: []logical.Op{logical.Start{}}}
	var columns []string
	readSinceEager := false
	wroteSinceEager := false
	for ci, c := range clauses {
		if isWriteClause(c) {
			if readSinceEager && !wroteSinceEager {
				pl.Ops = append(pl.Ops, logical.Eager{})
				readSinceEager = false
			}
			wroteSinceEager = true
			b.writes = true
		} else if wroteSinceEager {
			switch c.(type) {
			case *ast.Match, *ast.Call, *ast.CallSubquery:
				pl.Ops = append(pl.Ops, logical.Eager{})
				wroteSinceEager = false
			}
		}
		switch c := c.(type) {
		case *ast.Match:
			readSinceEager = true
			ops, newVars, err := b.matchOps(c.Pattern, c.Where, sc)
			if err != nil {
				return nil, nil, err
			}
			if c.Optional {
				pl.Ops = append(pl.Ops, logical.Optional{Inner: ops, NewVars: newVars})
			} else {
				pl.Ops = append(pl.Ops, ops...)
			}
		case *ast.With:
			ops, nsc, _, err := b.projection(c.Projection, sc, false, c.Where)
			if err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, ops...)
			sc = nsc
		case *ast.Return:
			if ci != len(clauses)-1 {
				return nil, nil, b.errAt(c, cyqerr.SyntaxError, "InvalidClauseComposition", "RETURN can only be the last clause of a query").WithHint("use WITH to pass values on to later clauses")
			}
			ops, nsc, cols, err := b.projection(c.Projection, sc, true, nil)
			if err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, ops...)
			sc = nsc
			columns = cols
			pl.Ops = append(pl.Ops, logical.Emit{Columns: cols})
		case *ast.Unwind:
			if err := b.checkExpr(c.Expr, sc, false); err != nil {
				return nil, nil, err
			}
			if sc.has(c.Var.Name) {
				return nil, nil, b.errAt(c.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", c.Var.Name)
			}
			pl.Ops = append(pl.Ops, logical.Unwind{Expr: c.Expr, Var: c.Var.Name})
			sc.add(c.Var.Name, kindValue)
			if t, err := b.typeCheck(c.Expr, sc, nil); err == nil {
				sc.types[c.Var.Name] = elemOf(t)
			}
		case *ast.Create:
			if err := b.checkCreate(c.Pattern, sc); err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, logical.Create{Pattern: c.Pattern})
			bindPatternVars(c.Pattern, sc)
		case *ast.Merge:
			if err := b.checkMergeVars(c.Part, sc); err != nil {
				return nil, nil, err
			}
			pat := &ast.Pattern{Span: c.Part.Span, Parts: []*ast.PatternPart{c.Part}}
			inner := sc.clone()
			ops, newVars, err := b.matchOps(pat, nil, inner)
			if err != nil {
				return nil, nil, err
			}
			bindPatternVars(pat, sc)
			for _, it := range append(append([]ast.SetItem(nil), c.OnCreate...), c.OnMatch...) {
				if err := b.checkSetItem(it, sc); err != nil {
					return nil, nil, err
				}
			}
			pl.Ops = append(pl.Ops, logical.Merge{Match: ops, Part: c.Part, OnCreate: c.OnCreate, OnMatch: c.OnMatch, NewVars: newVars})
		case *ast.Set:
			for _, it := range c.Items {
				if err := b.checkSetItem(it, sc); err != nil {
					return nil, nil, err
				}
			}
			pl.Ops = append(pl.Ops, logical.SetProps{Items: c.Items})
		case *ast.Remove:
			for _, it := range c.Items {
				var err error
				switch it := it.(type) {
				case *ast.RemoveProperty:
					err = b.checkExpr(it.Target, sc, false)
				case *ast.RemoveLabels:
					err = b.checkExpr(it.Var, sc, false)
				}
				if err != nil {
					return nil, nil, err
				}
			}
			pl.Ops = append(pl.Ops, logical.RemoveProps{Items: c.Items})
		case *ast.Delete:
			for _, e := range c.Exprs {
				if err := b.checkExpr(e, sc, false); err != nil {
					return nil, nil, err
				}
				switch e.(type) {
				case *ast.Variable, *ast.Property, *ast.Index, *ast.FunctionCall, *ast.Parameter:
				default:
					return nil, nil, b.errAt(e, cyqerr.SyntaxError, "InvalidDelete", "DELETE takes variables holding nodes, relationships or paths").WithHint("bind what you want to delete to a variable first")
				}
			}
			pl.Ops = append(pl.Ops, logical.Delete{Exprs: c.Exprs, Detach: c.Detach})
		case *ast.Call:
			op, err := b.procCall(c, sc, top && len(clauses) == 1)
			if err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, op)
			if c.Where != nil {
				pl.Ops = append(pl.Ops, logical.Filter{Pred: c.Where})
			}
			if op.Writes {
				b.writes = true
			}
			if top && len(clauses) == 1 && len(op.Yield) > 0 {
				columns = op.Vars
				pl.Ops = append(pl.Ops, logical.Emit{Columns: op.Vars})
			}
		case *ast.LoadCSV:
			if err := b.checkExpr(c.URL, sc, false); err != nil {
				return nil, nil, err
			}
			if sc.has(c.Var.Name) {
				return nil, nil, b.errAt(c.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", c.Var.Name)
			}
			if len([]rune(c.FieldTerminator)) > 1 {
				return nil, nil, b.errAt(c, cyqerr.SyntaxError, "InvalidArgumentValue", "FIELDTERMINATOR must be a single character")
			}
			// Reading files is a privilege: LOAD CSV makes the query a
			// write-class query, refused in read-only sessions.
			b.writes = true
			readSinceEager = true
			pl.Ops = append(pl.Ops, logical.LoadCSV{URL: c.URL, Var: c.Var.Name, WithHeaders: c.WithHeaders, FieldTerminator: c.FieldTerminator})
			sc.add(c.Var.Name, kindValue)
		case *ast.CallSubquery:
			op, err := b.callSubquery(c, sc)
			if err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, op)
		case *ast.Foreach:
			if err := b.checkExpr(c.List, sc, false); err != nil {
				return nil, nil, err
			}
			inner := sc.clone()
			if inner.has(c.Var.Name) {
				return nil, nil, b.errAt(c.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", c.Var.Name)
			}
			inner.add(c.Var.Name, kindValue)
			for _, u := range c.Updates {
				if !isWriteClause(u) {
					return nil, nil, b.errAt(u, cyqerr.SyntaxError, "InvalidClauseComposition", "FOREACH may only contain updating clauses (CREATE, MERGE, SET, REMOVE, DELETE, FOREACH)")
				}
			}
			body, _, err := b.buildSingle(c.Updates, inner, false)
			if err != nil {
				return nil, nil, err
			}
			pl.Ops = append(pl.Ops, logical.Foreach{Var: c.Var.Name, List: c.List, Body: body.Ops})
		default:
			return nil, nil, b.errAt(c, cyqerr.SemanticError, "Unsupported", "this clause is not supported yet")
		}
	}
	if len(clauses) > 0 && top {
		switch clauses[len(clauses)-1].(type) {
		case *ast.Return, *ast.Call:
		default:
			if !isWriteClause(clauses[len(clauses)-1]) {
				return nil, nil, b.errAt(clauses[len(clauses)-1], cyqerr.SyntaxError, "InvalidClauseComposition", "a query cannot end with this clause").WithHint("finish the query with RETURN")
			}
		}
	}
	return pl, columns, nil
}

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

func (b *builder) checkCreate(p *ast.Pattern, sc *scope) error {
	seen := map[string]bool{}
	sc = sc.clone()
	for pi, part := range p.Parts {
		if pi > 0 {
			bindPatternVars(&ast.Pattern{Parts: []*ast.PatternPart{p.Parts[pi-1]}}, sc)
		}
		for i, n := range part.Element.Nodes {
			if n.Props != nil {
				if err := b.checkExpr(n.Props, sc, false); err != nil {
					return err
				}
			}
			if n.Var != nil && sc.has(n.Var.Name) && (n.Labels != nil || n.Props != nil) && (len(part.Element.Nodes) == 1 || i >= 0) {
				if sc.vars[n.Var.Name] == kindNode {
					return b.errAt(n, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound; CREATE cannot add labels or properties to it", n.Var.Name).WithHint("use SET to change an existing node")
				}
			}
			if n.Var != nil && sc.has(n.Var.Name) && len(part.Element.Nodes) == 1 {
				return b.errAt(n, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", n.Var.Name)
			}
			if n.Var != nil {
				seen[n.Var.Name] = true
			}
		}
		for _, r := range part.Element.Rels {
			if r.Var != nil && (sc.has(r.Var.Name) || seen[r.Var.Name]) {
				return b.errAt(r, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", r.Var.Name)
			}
			names, ok := r.TypeNames()
			if !ok || len(names) != 1 {
				return b.errAt(r, cyqerr.SyntaxError, "NoSingleRelationshipType", "a relationship to create needs exactly one type").WithHint("write it as -[:TYPE]->")
			}
			if r.Direction == ast.DirNone || r.Direction == ast.DirBoth {
				return b.errAt(r, cyqerr.SyntaxError, "RequiresDirectedRelationship", "a relationship to create needs a direction").WithHint("use -[:%s]-> or <-[:%s]-", names[0], names[0])
			}
			if r.VarLength != nil {
				return b.errAt(r, cyqerr.SyntaxError, "CreatingVarLength", "CREATE cannot create variable-length relationships")
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

// matchOps plans one MATCH pattern (and its WHERE) against scope sc, which
// it extends with the pattern's variables. It returns the operators and the
// variables the pattern newly binds.
func (b *builder) matchOps(p *ast.Pattern, where ast.Expr, sc *scope) ([]logical.Op, []string, error) {
	var ops []logical.Op
	var newVars []string
	bind := func(name string, k varKind) {
		if !sc.has(name) {
			newVars = append(newVars, name)
		}
		sc.add(name, k)
	}
	var relVars []string // relationship variables of this MATCH, for isomorphism
	for _, part := range p.Parts {
		el := part.Element
		if part.Kind != ast.PathPlain {
			sops, err := b.shortestPath(part, sc, bind, where)
			if err != nil {
				return nil, nil, err
			}
			ops = append(ops, sops...)
			continue
		}
		// Check variable kinds and inline expressions.
		for _, n := range el.Nodes {
			if n.Var != nil {
				if k, ok := sc.vars[n.Var.Name]; ok && k != kindNode && k != kindValue {
					return nil, nil, b.errAt(n.Var, cyqerr.SyntaxError, "VariableTypeConflict", "variable `%s` is not a node", n.Var.Name)
				}
			}
		}
		for _, r := range el.Rels {
			if r.Var != nil {
				if k, ok := sc.vars[r.Var.Name]; ok {
					if k == kindNode || k == kindPath {
						return nil, nil, b.errAt(r.Var, cyqerr.SyntaxError, "VariableTypeConflict", "variable `%s` is not a relationship", r.Var.Name)
					}
					if r.VarLength != nil && never(sc.typeOf(r.Var.Name), functions.AnyList) {
						return nil, nil, b.errAt(r.Var, cyqerr.SyntaxError, "VariableTypeConflict", "variable-length relationship variable `%s` is bound to something other than a list of relationships", r.Var.Name)
					}
				}
				for _, other := range el.Rels {
					if other != r && other.Var != nil && other.Var.Name == r.Var.Name {
						return nil, nil, b.errAt(r.Var, cyqerr.SyntaxError, "RelationshipUniquenessViolation", "relationship variable `%s` appears twice in the pattern; a relationship matches at most once per pattern", r.Var.Name)
					}
				}
				for _, rv := range relVars {
					if rv == r.Var.Name {
						return nil, nil, b.errAt(r.Var, cyqerr.SyntaxError, "RelationshipUniquenessViolation", "relationship variable `%s` appears twice in the pattern; a relationship matches at most once per pattern", r.Var.Name)
					}
				}
			}
		}
		for _, n := range el.Nodes {
			if n.Var != nil {
				for _, r := range el.Rels {
					if r.Var != nil && r.Var.Name == n.Var.Name {
						return nil, nil, b.errAt(r.Var, cyqerr.SyntaxError, "VariableTypeConflict", "`%s` is used for both a node and a relationship", n.Var.Name)
					}
				}
				if sc.vars[n.Var.Name] == kindRel || sc.vars[n.Var.Name] == kindPath || never(sc.typeOf(n.Var.Name), functions.Node) {
					return nil, nil, b.errAt(n.Var, cyqerr.SyntaxError, "VariableTypeConflict", "variable `%s` is not a node", n.Var.Name)
				}
			}
		}
		if part.Var != nil && sc.has(part.Var.Name) {
			return nil, nil, b.errAt(part.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", part.Var.Name)
		}
		names := make([]string, len(el.Nodes))
		for i, n := range el.Nodes {
			if n.Var != nil {
				names[i] = n.Var.Name
			} else {
				names[i] = b.fresh("n")
			}
		}
		eqs := equalities(where, names, sc)
		start, seek := b.chooseStart(el, names, sc, eqs)
		startNode := el.Nodes[start]
		checkLabels := true
		if !sc.has(names[start]) {
			if seek != nil {
				ops = append(ops, seek)
			} else {
				label := ""
				if ls, ok := ast.SimpleLabels(startNode.Labels); ok && len(ls) > 0 {
					label = b.mostSelective(ls)
					// A scan of the only label needs no label check after it.
					checkLabels = len(ls) > 1
				}
				ops = append(ops, logical.NodeScan{Var: names[start], Label: label})
			}
			bind(names[start], kindNode)
		}
		filterNode := startNode
		if !checkLabels {
			copied := *startNode
			copied.Labels = nil
			filterNode = &copied
		}
		nf, err := b.nodeFilter(filterNode, names[start], sc)
		if err != nil {
			return nil, nil, err
		}
		ops = append(ops, nf...)
		// Other nodes reachable by an index seek are bound up front: the
		// expansions then only test adjacency (a join on bitmaps) instead of
		// enumerating every neighbour's relationships.
		for i, n := range el.Nodes {
			if i == start || sc.has(names[i]) {
				continue
			}
			if seek := b.seekFor(n, names[i], eqs[names[i]]); seek != nil {
				ops = append(ops, seek)
				bind(names[i], kindNode)
			}
		}
		relNames := make([]string, len(el.Rels))
		lists := make([]bool, len(el.Rels))
		step := func(ri int, from, to int, dir ast.Direction) error {
			r := el.Rels[ri]
			types, ok := r.TypeNames()
			if !ok {
				return b.errAt(r, cyqerr.SemanticError, "Unsupported", "this relationship type expression is not supported yet")
			}
			types = dedupe(types)
			rn := b.fresh("r")
			if r.Var != nil {
				rn = r.Var.Name
			}
			relNames[ri] = rn
			toBound := sc.has(names[to])
			if r.VarLength != nil {
				min, max := 1, -1
				if r.VarLength.Min != nil {
					min = int(*r.VarLength.Min)
				}
				if r.VarLength.Max != nil {
					max = int(*r.VarLength.Max)
				} else if r.VarLength.Min != nil && !r.VarLength.Dots {
					max = min
				}
				var props *ast.MapLiteral
				if r.Props != nil {
					ml, isMap := r.Props.(*ast.MapLiteral)
					if !isMap {
						return b.errAt(r.Props, cyqerr.SemanticError, "Unsupported", "variable-length relationships take a literal property map")
					}
					if err := b.checkExpr(ml, sc, false); err != nil {
						return err
					}
					props = ml
				}
				listBound := sc.has(rn)
				ops = append(ops, logical.VarExpand{From: names[from], RelList: rn, To: names[to], Dir: dir, Types: types, Min: min, Max: max, ToBound: toBound, Distinct: append([]string(nil), relVars...), Props: props, Reverse: from > to, ListBound: listBound})
				lists[ri] = true
				bind(rn, kindValue)
				sc.types[rn] = functions.List(functions.Rel)
			} else {
				relBound := sc.vars[rn] == kindRel
				ops = append(ops, logical.Expand{From: names[from], Rel: rn, To: names[to], Dir: dir, Types: types, ToBound: toBound, RelBound: relBound, Distinct: append([]string(nil), relVars...)})
				relVars = append(relVars, rn)
				bind(rn, kindRel)
				if r.Props != nil {
					if p, ok := r.Props.(*ast.Parameter); ok {
						return b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: [r {key: $value}]")
					}
					if err := b.checkExpr(r.Props, sc, false); err != nil {
						return err
					}
					ops = append(ops, logical.RelFilter{Var: rn, Props: r.Props})
				}
			}
			if r.Where != nil {
				if err := b.checkExpr(r.Where, sc, false); err != nil {
					return err
				}
				ops = append(ops, logical.Filter{Pred: r.Where})
			}
			bind(names[to], kindNode)
			nf, err := b.nodeFilter(el.Nodes[to], names[to], sc)
			if err != nil {
				return err
			}
			ops = append(ops, nf...)
			return nil
		}
		for i := start; i < len(el.Rels); i++ {
			if err := step(i, i, i+1, el.Rels[i].Direction); err != nil {
				return nil, nil, err
			}
		}
		for i := start - 1; i >= 0; i-- {
			if err := step(i, i+1, i, reverse(el.Rels[i].Direction)); err != nil {
				return nil, nil, err
			}
		}
		if part.Var != nil {
			if sc.has(part.Var.Name) {
				return nil, nil, b.errAt(part.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", part.Var.Name)
			}
			ops = append(ops, logical.PathBind{Var: part.Var.Name, Nodes: names, Rels: relNames, Lists: lists})
			bind(part.Var.Name, kindPath)
		}
	}
	if where != nil {
		if err := b.checkExpr(where, sc, false); err != nil {
			return nil, nil, err
		}
		ops = append(ops, logical.Filter{Pred: where})
	}
	return ops, newVars, nil
}

func reverse(d ast.Direction) ast.Direction {
	switch d {
	case ast.DirRight:
		return ast.DirLeft
	case ast.DirLeft:
		return ast.DirRight
	}
	return d
}

// nodeFilter checks a node pattern's labels, properties and inline WHERE.
func (b *builder) nodeFilter(n *ast.NodePattern, name string, sc *scope) ([]logical.Op, error) {
	var ops []logical.Op
	if p, ok := n.Props.(*ast.Parameter); ok {
		return nil, b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: (n {key: $value}), or use WHERE n = ...")
	}
	if n.Labels != nil || n.Props != nil {
		if n.Props != nil {
			if err := b.checkExpr(n.Props, sc, false); err != nil {
				return nil, err
			}
		}
		ops = append(ops, logical.NodeFilter{Var: name, Labels: n.Labels, Props: n.Props})
	}
	if n.Where != nil {
		if err := b.checkExpr(n.Where, sc, false); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Filter{Pred: n.Where})
	}
	return ops, nil
}

// propEq is an equality n.key = value usable to seek an index, or with in
// a membership n.key IN list; key "" with elementID or id set stands for
// elementId(n) IN list / id(n) IN list.
type propEq struct {
	key       string
	value     ast.Expr
	in        bool
	elementID bool
	id        bool
}

// equalities collects the conjuncts `v.key = expr` of a WHERE clause whose
// expr does not depend on the pattern's own variables.
func equalities(where ast.Expr, names []string, sc *scope) map[string][]propEq {
	out := map[string][]propEq{}
	local := map[string]bool{}
	for _, n := range names {
		if !sc.has(n) {
			local[n] = true
		}
	}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.Binary:
			if x.Op == ast.OpAnd {
				walk(x.Left)
				walk(x.Right)
			}
		case *ast.In:
			if usesAny(x.List, local) {
				return
			}
			switch lhs := x.Expr.(type) {
			case *ast.Property:
				if v, ok := lhs.Expr.(*ast.Variable); ok && local[v.Name] {
					out[v.Name] = append(out[v.Name], propEq{key: lhs.Key, value: x.List, in: true})
				}
			case *ast.FunctionCall:
				name := strings.ToLower(lhs.Name)
				if len(lhs.Namespace) > 0 || len(lhs.Args) != 1 || (name != "elementid" && name != "id") {
					return
				}
				if v, ok := lhs.Args[0].(*ast.Variable); ok && local[v.Name] {
					out[v.Name] = append(out[v.Name], propEq{value: x.List, in: true, elementID: name == "elementid", id: name == "id"})
				}
			}
		case *ast.Comparison:
			if len(x.Ops) != 1 || x.Ops[0] != ast.CmpEq {
				return
			}
			for i := 0; i < 2; i++ {
				if fc, ok := x.Operands[i].(*ast.FunctionCall); ok {
					// id(v) = x / elementId(v) = x: a seek of the one-element list [x].
					name := strings.ToLower(fc.Name)
					other := x.Operands[1-i]
					if len(fc.Namespace) > 0 || len(fc.Args) != 1 || (name != "elementid" && name != "id") || usesAny(other, local) {
						continue
					}
					if v, ok := fc.Args[0].(*ast.Variable); ok && local[v.Name] {
						list := &ast.ListLiteral{Span: other.NodeSpan(), Items: []ast.Expr{other}}
						out[v.Name] = append(out[v.Name], propEq{value: list, in: true, elementID: name == "elementid", id: name == "id"})
					}
					continue
				}
				p, ok := x.Operands[i].(*ast.Property)
				if !ok {
					continue
				}
				v, ok := p.Expr.(*ast.Variable)
				other := x.Operands[1-i]
				if !ok || !local[v.Name] || usesAny(other, local) {
					continue
				}
				out[v.Name] = append(out[v.Name], propEq{key: p.Key, value: other})
			}
		}
	}
	if where != nil {
		walk(where)
	}
	return out
}

func usesAny(e ast.Expr, vars map[string]bool) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		switch y := x.(type) {
		case *ast.Variable:
			if vars[y.Name] {
				found = true
			}
		case *ast.PatternExpr, *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery:
			found = true
		}
		return !found
	})
	return found
}

// chooseStart picks the node of a pattern chain to start from: a bound
// variable when there is one, else the cheapest by the cost model: an
// index seek on an equality, a scan of the rarest label, or all nodes.
func (b *builder) chooseStart(el *ast.PatternElement, names []string, sc *scope, eqs map[string][]propEq) (int, logical.Op) {
	for i, n := range names {
		if sc.has(n) {
			return i, nil
		}
	}
	if b.startLast {
		return len(names) - 1, nil
	}
	best, bestCost := 0, b.stats.NodeCount()+1
	var bestSeek logical.Op
	for i, n := range el.Nodes {
		cost := b.stats.NodeCount()
		var seek logical.Op
		labels, simple := ast.SimpleLabels(n.Labels)
		if simple && len(labels) > 0 {
			cost = b.stats.LabelCount(b.mostSelective(labels))
		}
		cands := eqs[names[i]]
		if ml, ok := n.Props.(*ast.MapLiteral); ok {
			for _, en := range ml.Entries {
				cands = append(cands, propEq{key: en.Key, value: en.Value})
			}
		}
		if len(cands) > 0 {
			cost = cost/10 + 1
		}
		if seek = b.seekFor(n, names[i], eqs[names[i]]); seek != nil {
			cost = 1
		}
		if cost < bestCost {
			best, bestCost, bestSeek = i, cost, seek
		}
	}
	return best, bestSeek
}

// seekFor returns an operator that binds the node pattern from a known set
// instead of a scan: an index seek on an equality, index seeks for an IN
// list, or the nodes named by elementId(n) / id(n) IN list.
func (b *builder) seekFor(n *ast.NodePattern, name string, eqs []propEq) logical.Op {
	labels, ok := ast.SimpleLabels(n.Labels)
	if !ok {
		return nil
	}
	cands := eqs
	if ml, ok := n.Props.(*ast.MapLiteral); ok {
		for _, en := range ml.Entries {
			cands = append(cands, propEq{key: en.Key, value: en.Value})
		}
	}
	if ws := b.workingSeek(name, cands); ws != nil {
		return ws
	}
	for _, c := range cands {
		if c.elementID || c.id {
			return logical.NodeSetSeek{Var: name, List: c.value, ElementIDs: c.elementID}
		}
	}
	for _, l := range labels {
		for _, c := range cands {
			if b.stats.HasIndex(l, c.key) {
				if c.in {
					return logical.NodeSetSeek{Var: name, List: c.value, Label: l, Key: c.key}
				}
				return logical.NodeIndexSeek{Var: name, Label: l, Key: c.key, Value: c.value}
			}
		}
	}
	return nil
}

func (b *builder) mostSelective(labels []string) string {
	best := labels[0]
	for _, l := range labels[1:] {
		if b.stats.LabelCount(l) < b.stats.LabelCount(best) {
			best = l
		}
	}
	return best
}

// isAggregate reports whether the call is to an aggregating function.
func isAggregate(fc *ast.FunctionCall) bool {
	if fc.Star {
		return true
	}
	f, ok := functions.Lookup(qualifiedName(fc))
	return ok && f.Aggregate
}

func qualifiedName(fc *ast.FunctionCall) string {
	if len(fc.Namespace) == 0 {
		return fc.Name
	}
	return strings.Join(fc.Namespace, ".") + "." + fc.Name
}

// projection plans a WITH or RETURN body.
func (b *builder) projection(p *ast.Projection, sc *scope, isReturn bool, where ast.Expr) ([]logical.Op, *scope, []string, error) {
	var items []logical.Item
	var texts []string
	if p.Star {
		vars := sc.userVars()
		if len(vars) == 0 && len(p.Items) == 0 {
			return nil, nil, nil, b.errAt(p, cyqerr.SyntaxError, "NoVariablesInScope", "RETURN * / WITH * needs variables in scope")
		}
		for _, v := range vars {
			items = append(items, logical.Item{Expr: &ast.Variable{Name: v}, Name: v})
			texts = append(texts, v)
		}
	}
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.Name] = true
	}
	for _, it := range p.Items {
		if _, isPat := it.Expr.(*ast.PatternExpr); isPat {
			return nil, nil, nil, b.errAt(it.Expr, cyqerr.SyntaxError, "UnexpectedSyntax", "a pattern cannot be used as a value here").WithHint("use EXISTS { pattern } for a boolean, or a pattern comprehension [p = pattern | p] for a list")
		}
		if err := b.checkExpr(it.Expr, sc, true); err != nil {
			return nil, nil, nil, err
		}
		name := it.Name()
		if !isReturn && it.Alias == nil {
			if _, isVar := it.Expr.(*ast.Variable); !isVar {
				return nil, nil, nil, b.errAt(it, cyqerr.SyntaxError, "NoExpressionAlias", "expression in WITH must be aliased (use AS)").WithHint("write WITH %s AS name", it.Text)
			}
		}
		if seen[name] {
			return nil, nil, nil, b.errAt(it, cyqerr.SyntaxError, "ColumnNameConflict", "multiple result columns with the same name `%s`", name).WithHint("give each column its own alias")
		}
		seen[name] = true
		items = append(items, logical.Item{Expr: it.Expr, Name: name})
		texts = append(texts, it.Text)
	}
	var ops []logical.Op
	hasAgg := false
	for _, it := range items {
		if containsAggregate(it.Expr) {
			hasAgg = true
		}
	}
	out := newScope()
	var columns []string
	for _, it := range items {
		columns = append(columns, it.Name)
	}
	kindOf := func(e ast.Expr) varKind {
		if v, ok := e.(*ast.Variable); ok {
			return sc.vars[v.Name]
		}
		return kindValue
	}
	// sortScope: what ORDER BY may refer to.
	sortScope := sc.clone()
	var subst map[string]string
	if hasAgg {
		var agg logical.Aggregate
		var post []logical.Item
		keys := map[string]string{} // simple grouping keys: text -> column
		for i, it := range items {
			if !containsAggregate(it.Expr) {
				agg.Keys = append(agg.Keys, it)
				post = append(post, logical.Item{Expr: &ast.Variable{Name: it.Name}, Name: it.Name})
				switch it.Expr.(type) {
				case *ast.Variable, *ast.Property:
					keys[texts[i]] = it.Name
				}
			}
		}
		collect := func(e ast.Expr) error {
			var err error
			visitExpr(e, func(x ast.Expr) bool {
				fc, ok := x.(*ast.FunctionCall)
				if !ok || !isAggregate(fc) || err != nil {
					return err == nil
				}
				for _, a := range fc.Args {
					if containsAggregate(a) && err == nil {
						err = b.errAt(a, cyqerr.SyntaxError, "NestedAggregation", "aggregate functions cannot be nested")
					}
				}
				if _, done := b.aggRefs[fc]; !done {
					name := b.fresh("agg")
					b.aggRefs[fc] = name
					agg.Aggs = append(agg.Aggs, logical.AggCall{Call: fc, Name: name})
				}
				return false
			})
			return err
		}
		for _, it := range items {
			if !containsAggregate(it.Expr) {
				continue
			}
			if err := b.checkGrouped(it.Expr, keys, nil); err != nil {
				return nil, nil, nil, err
			}
			if err := collect(it.Expr); err != nil {
				return nil, nil, nil, err
			}
			post = append(post, it)
		}
		// ORDER BY may use the projected columns, by name or by the text of
		// a key or an aggregate, and aggregates of its own over keys.
		subst = map[string]string{}
		for k, v := range keys {
			subst[k] = v
		}
		for i, it := range items {
			if containsAggregate(it.Expr) {
				if _, isCall := it.Expr.(*ast.FunctionCall); isCall {
					subst[texts[i]] = it.Name
				}
			}
		}
		b.projectedVars = map[string]bool{}
		for _, it := range items {
			visitExpr(it.Expr, func(x ast.Expr) bool {
				if v, ok := x.(*ast.Variable); ok {
					b.projectedVars[v.Name] = true
				}
				return true
			})
		}
		for _, si := range p.OrderBy {
			if containsAggregate(si.Expr) {
				if err := b.checkGrouped(si.Expr, subst, out0(items)); err != nil {
					return nil, nil, nil, err
				}
				if err := collect(si.Expr); err != nil {
					return nil, nil, nil, err
				}
			}
		}
		ops = append(ops, agg)
		ops = append(ops, logical.Project{Items: post, Subst: keys})
		for _, it := range items {
			k := kindValue
			for _, key := range agg.Keys {
				if key.Name == it.Name {
					k = kindOf(key.Expr)
				}
			}
			out.add(it.Name, k)
		}
		sortScope = out.clone()
		for _, a := range agg.Aggs {
			sortScope.add(a.Name, kindValue)
		}
	} else {
		ops = append(ops, logical.Project{Items: items})
		for _, it := range items {
			out.add(it.Name, kindOf(it.Expr))
			sortScope.add(it.Name, kindOf(it.Expr))
			if t, err := b.typeCheck(it.Expr, sc, nil); err == nil && known(t) {
				out.types[it.Name] = t
				sortScope.types[it.Name] = t
			}
		}
		if p.Distinct {
			// After DISTINCT only the columns remain; expressions written
			// like a projected one refer to its column.
			sortScope = out.clone()
			subst = map[string]string{}
			for i, it := range items {
				subst[texts[i]] = it.Name
			}
		}
	}
	if p.Distinct {
		ops = append(ops, logical.Distinct{Vars: columns})
	}
	if len(p.OrderBy) > 0 {
		var keys []logical.SortKey
		for _, si := range p.OrderBy {
			e := si.Expr
			// An ORDER BY expression written like a projected one refers to it.
			text := si.Expr.NodeSpan().Text(b.src)
			for i, t := range texts {
				if t == text && text != "" {
					e = &ast.Variable{Span: si.Expr.NodeSpan(), Name: items[i].Name}
				}
			}
			if err := b.checkSortExpr(e, sortScope, subst, hasAgg); err != nil {
				return nil, nil, nil, err
			}
			keys = append(keys, logical.SortKey{Expr: e, Desc: si.Desc})
		}
		ops = append(ops, logical.Sort{Keys: keys, Subst: subst})
	}
	if p.Skip != nil {
		if err := b.checkConstant(p.Skip, "SKIP"); err != nil {
			return nil, nil, nil, err
		}
		ops = append(ops, logical.Skip{Count: p.Skip})
	}
	if p.Limit != nil {
		if err := b.checkConstant(p.Limit, "LIMIT"); err != nil {
			return nil, nil, nil, err
		}
		ops = append(ops, logical.Limit{Count: p.Limit})
	}
	if where != nil {
		if err := b.checkSortExpr(where, sortScope, subst, false); err != nil {
			return nil, nil, nil, err
		}
		ops = append(ops, logical.Filter{Pred: where, Subst: subst})
	}
	ops = append(ops, logical.Select{Vars: columns})
	return ops, out, columns, nil
}

func (b *builder) checkConstant(e ast.Expr, what string) error {
	var bad ast.Node
	visitExpr(e, func(x ast.Expr) bool {
		switch x.(type) {
		case *ast.Variable, *ast.PatternExpr, *ast.ExistsSubquery, *ast.CountSubquery:
			if bad == nil {
				bad = x
			}
		}
		return true
	})
	if bad != nil {
		return b.errAt(bad, cyqerr.SyntaxError, "NonConstantExpression", "%s takes a constant expression, not one that depends on the rows", what)
	}
	if l, ok := e.(*ast.Literal); ok {
		switch l.Kind {
		case ast.LitInt:
			if l.Int < 0 {
				return b.errAt(e, cyqerr.SyntaxError, "NegativeIntegerArgument", "%s takes a non-negative integer, got %d", what, l.Int)
			}
		case ast.LitFloat:
			return b.errAt(e, cyqerr.SyntaxError, "InvalidArgumentType", "%s takes an integer, got %s", what, e.NodeSpan().Text(b.src))
		}
	}
	return nil
}

func containsAggregate(e ast.Expr) bool {
	found := false
	visitExpr(e, func(x ast.Expr) bool {
		if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
			found = true
			return false
		}
		switch x.(type) {
		case *ast.PatternComprehension, *ast.ExistsSubquery, *ast.CountSubquery, *ast.CollectSubquery:
			return false
		}
		return !found
	})
	return found
}

// procCall plans CALL proc(args) [YIELD ...].
func (b *builder) procCall(c *ast.Call, sc *scope, standalone bool) (logical.ProcCall, error) {
	name := strings.ToLower(strings.Join(append(append([]string(nil), c.Namespace...), c.Name), "."))
	var op logical.ProcCall
	proc, ok := b.procs(name)
	if !ok {
		return op, b.errAt(c, cyqerr.ProcedureError, "ProcedureNotFound", "there is no procedure named %s", name).WithHint("CALL dbms.procedures() is not available; see the cypher/syntax reference for the built-in procedures")
	}
	op.Proc = name
	op.Writes = !proc.ReadOnly
	required := 0
	for _, p := range proc.Params {
		if !p.Optional {
			required++
		}
	}
	if c.ArgsGiven {
		if len(c.Args) < required || len(c.Args) > len(proc.Params) {
			want := fmt.Sprint(len(proc.Params))
			if required < len(proc.Params) {
				want = fmt.Sprintf("%d to %d", required, len(proc.Params))
			}
			return op, b.errAt(c, cyqerr.SyntaxError, "InvalidNumberOfArguments", "procedure %s takes %s arguments, got %d", name, want, len(c.Args))
		}
		for _, a := range c.Args {
			if containsAggregate(a) {
				return op, b.errAt(a, cyqerr.SyntaxError, "InvalidAggregation", "procedure arguments cannot aggregate")
			}
			if err := b.checkExpr(a, sc, false); err != nil {
				return op, err
			}
		}
		op.Args = c.Args
	} else {
		if !standalone && len(proc.Params) > 0 {
			return op, b.errAt(c, cyqerr.SyntaxError, "InvalidArgumentPassingMode", "procedure %s needs arguments in parentheses when it is part of a larger query", name)
		}
		for _, p := range proc.Params {
			if !p.Optional {
				op.Args = append(op.Args, &ast.Parameter{Span: c.Span, Name: p.Name})
			}
		}
	}
	switch {
	case c.YieldStar || (c.Yield == nil && standalone):
		for _, o := range proc.Outputs {
			op.Yield = append(op.Yield, o.Name)
			op.Vars = append(op.Vars, o.Name)
		}
		if op.Yield == nil {
			op.Yield = []string{}
		}
	case c.Yield == nil:
		if len(proc.Outputs) > 0 {
			return op, b.errAt(c, cyqerr.SyntaxError, "UndefinedVariable", "procedure %s returns results: name the fields with YIELD", name)
		}
	default:
		for _, y := range c.Yield {
			found := false
			for _, o := range proc.Outputs {
				if o.Name == y.Field {
					found = true
				}
			}
			if !found {
				return op, b.errAt(y, cyqerr.SyntaxError, "UndefinedVariable", "procedure %s has no output named %s", name, y.Field)
			}
			v := y.Field
			if y.Alias != nil {
				v = y.Alias.Name
			}
			dup := false
			for _, w := range op.Vars {
				dup = dup || w == v
			}
			if sc.has(v) || dup {
				return op, b.errAt(y, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", v)
			}
			op.Yield = append(op.Yield, y.Field)
			op.Vars = append(op.Vars, v)
		}
	}
	for _, v := range op.Vars {
		sc.add(v, kindValue)
	}
	if c.Where != nil {
		if err := b.checkExpr(c.Where, sc, false); err != nil {
			return op, err
		}
	}
	return op, nil
}

func dedupe(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func out0(items []logical.Item) map[string]bool {
	m := map[string]bool{}
	for _, it := range items {
		m[it.Name] = true
	}
	return m
}

// checkGrouped verifies that, outside its aggregate calls, an expression of
// an aggregating projection only uses grouping keys (given by their text)
// or projected columns (names, for ORDER BY).
func (b *builder) checkGrouped(e ast.Expr, keys map[string]string, columns map[string]bool) error {
	var err error
	visitExpr(e, func(x ast.Expr) bool {
		if err != nil {
			return false
		}
		if _, ok := keys[x.NodeSpan().Text(b.src)]; ok {
			switch x.(type) {
			case *ast.Variable, *ast.Property, *ast.FunctionCall:
				return false
			}
		}
		switch y := x.(type) {
		case *ast.FunctionCall:
			if isAggregate(y) {
				if columns != nil {
					// An aggregate in ORDER BY may only read projected columns.
					visitExpr(y, func(z ast.Expr) bool {
						if v, ok := z.(*ast.Variable); ok && !columns[v.Name] && err == nil {
							err = b.errAt(v, cyqerr.SyntaxError, "UndefinedVariable", "variable `%s` is not defined after the projection", v.Name)
						}
						return err == nil
					})
				}
				return false
			}
		case *ast.Variable:
			if columns != nil && columns[y.Name] {
				return false
			}
			if columns != nil && !b.projectedVars[y.Name] {
				err = b.errAt(y, cyqerr.SyntaxError, "UndefinedVariable", "variable `%s` is not defined after the projection", y.Name)
				return false
			}
			err = b.errAt(y, cyqerr.SyntaxError, "AmbiguousAggregationExpression", "`%s` is used next to an aggregate but is not a grouping key", y.Name).WithHint("project %s as its own column and use that", y.Name)
			return false
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternComprehension:
			return false
		}
		return true
	})
	return err
}

// checkSortExpr checks an ORDER BY expression against what the projection
// leaves visible; subst names sub-expressions that stand for columns.
func (b *builder) checkSortExpr(e ast.Expr, sc *scope, subst map[string]string, aggregating bool) error {
	if !aggregating && containsAggregate(e) {
		var fc *ast.FunctionCall
		visitExpr(e, func(x ast.Expr) bool {
			if f, ok := x.(*ast.FunctionCall); ok && isAggregate(f) && fc == nil {
				fc = f
			}
			return fc == nil
		})
		return b.errAt(fc, cyqerr.SyntaxError, "InvalidAggregation", "ORDER BY cannot aggregate here: the projection does not aggregate").WithHint("compute the aggregate in the projection and order by its alias")
	}
	if len(subst) == 0 {
		return b.checkExpr(e, sc, false)
	}
	sc = sc.clone()
	for _, name := range subst {
		sc.add(name, kindValue)
	}
	var err error
	visitExpr(e, func(x ast.Expr) bool {
		if err != nil {
			return false
		}
		if _, ok := subst[x.NodeSpan().Text(b.src)]; ok {
			return false
		}
		if fc, ok := x.(*ast.FunctionCall); ok && isAggregate(fc) {
			return false
		}
		if v, ok := x.(*ast.Variable); ok && !sc.has(v.Name) {
			err = b.errAt(v, cyqerr.SyntaxError, "UndefinedVariable", "variable `%s` is not defined after the projection", v.Name)
		}
		switch x.(type) {
		case *ast.ListComprehension, *ast.Quantifier, *ast.Reduce, *ast.PatternComprehension:
			return false
		}
		return err == nil
	})
	return err
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
			return b.errAt(n.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound; MERGE cannot match or create it again", n.Var.Name)
		}
	}
	for _, r := range el.Rels {
		if r.Var != nil && sc.has(r.Var.Name) {
			return b.errAt(r.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "relationship variable `%s` is already bound", r.Var.Name)
		}
	}
	return nil
}

// shortestPath plans shortestPath((a)-[*min..max]-(b)) and
// allShortestPaths(...): both end nodes are bound first (by scans or seeks
// when new), then a breadth-first search joins them.
func (b *builder) shortestPath(part *ast.PatternPart, sc *scope, bind func(string, varKind), where ast.Expr) ([]logical.Op, error) {
	el := part.Element
	if len(el.Rels) != 1 {
		return nil, b.errAt(part, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath needs a pattern of exactly one relationship, like (a)-[*]-(b)")
	}
	r := el.Rels[0]
	types, ok := r.TypeNames()
	if !ok {
		return nil, b.errAt(r, cyqerr.SemanticError, "Unsupported", "this relationship type expression is not supported in shortestPath")
	}
	if r.Props != nil {
		return nil, b.errAt(r.Props, cyqerr.SemanticError, "Unsupported", "property maps on shortestPath relationships are not supported yet").WithHint("filter the path with WHERE all(r IN relationships(p) WHERE ...)")
	}
	min, max := 1, -1
	if r.VarLength != nil {
		if r.VarLength.Min != nil {
			min = int(*r.VarLength.Min)
		}
		if r.VarLength.Max != nil {
			max = int(*r.VarLength.Max)
		} else if r.VarLength.Min != nil && !r.VarLength.Dots {
			max = min
		}
	} else {
		max = 1
	}
	if min > 1 {
		return nil, b.errAt(r, cyqerr.SyntaxError, "InvalidRelationshipPattern", "shortestPath takes a minimal length of 0 or 1")
	}
	var ops []logical.Op
	names := [2]string{}
	eqs := equalities(where, nil, sc)
	for i, n := range el.Nodes {
		name := b.fresh("n")
		if n.Var != nil {
			name = n.Var.Name
		}
		names[i] = name
		if !sc.has(name) {
			if seek := b.seekFor(n, name, eqs[name]); seek != nil {
				ops = append(ops, seek)
			} else {
				label := ""
				if ls, ok := ast.SimpleLabels(n.Labels); ok && len(ls) > 0 {
					label = b.mostSelective(ls)
				}
				ops = append(ops, logical.NodeScan{Var: name, Label: label})
			}
			bind(name, kindNode)
		}
		nf, err := b.nodeFilter(n, name, sc)
		if err != nil {
			return nil, err
		}
		ops = append(ops, nf...)
	}
	sp := logical.ShortestPath{From: names[0], To: names[1], Dir: r.Direction, Types: dedupe(types), Min: min, Max: max, All: part.Kind == ast.PathAllShortest}
	if r.Var != nil {
		if sc.has(r.Var.Name) {
			return nil, b.errAt(r.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", r.Var.Name)
		}
		sp.RelList = r.Var.Name
		bind(r.Var.Name, kindValue)
	}
	if part.Var != nil {
		if sc.has(part.Var.Name) {
			return nil, b.errAt(part.Var, cyqerr.SyntaxError, "VariableAlreadyBound", "variable `%s` is already bound", part.Var.Name)
		}
		sp.Path = part.Var.Name
		bind(part.Var.Name, kindPath)
	}
	return append(ops, sp), nil
}

// callSubquery plans CALL { ... }. The body sees the variables it imports:
// those listed in CALL (a, b) { }, or, with an importing WITH as its first
// clause, the outer variables that WITH names; an uncorrelated body sees
// none.
func (b *builder) callSubquery(c *ast.CallSubquery, sc *scope) (logical.CallSubquery, error) {
	var op logical.CallSubquery
	if len(c.Body.Parts) != 1 {
		return op, b.errAt(c, cyqerr.SemanticError, "Unsupported", "UNION inside CALL { } is not supported yet")
	}
	if c.InTransactions != nil {
		return op, b.errAt(c.InTransactions, cyqerr.SemanticError, "Unsupported", "CALL { } IN TRANSACTIONS is not supported yet").WithHint("run the statement without IN TRANSACTIONS; it commits atomically")
	}
	if c.Optional {
		return op, b.errAt(c, cyqerr.SemanticError, "Unsupported", "OPTIONAL CALL { } is not supported yet")
	}
	clauses := c.Body.Parts[0].Clauses
	inner := newScope()
	switch {
	case c.ScopeGiven && c.ScopeAll:
		inner = sc.clone()
	case c.ScopeGiven:
		for _, v := range c.Scope {
			if !sc.has(v.Name) {
				return op, b.errAt(v, cyqerr.SyntaxError, "UndefinedVariable", "variable `%s` is not defined", v.Name)
			}
			inner.add(v.Name, sc.vars[v.Name])
		}
	default:
		if w, ok := clauses[0].(*ast.With); ok && importingWith(w) {
			inner = sc.clone()
		}
	}
	body, cols, err := b.buildSingle(clauses, inner, false)
	if err != nil {
		return op, err
	}
	for _, col := range cols {
		if sc.has(col) {
			return op, b.errAt(c, cyqerr.SyntaxError, "VariableAlreadyBound", "CALL { } returns `%s`, which is already bound", col).WithHint("alias the column inside the subquery")
		}
		sc.add(col, kindValue)
	}
	op.Body, op.Columns = body, cols
	return op, nil
}

// importingWith reports whether w only passes on variables (WITH a, b).
func importingWith(w *ast.With) bool {
	if w.Projection.Distinct || w.Projection.OrderBy != nil || w.Projection.Skip != nil || w.Projection.Limit != nil || w.Where != nil {
		return false
	}
	for _, it := range w.Projection.Items {
		v, ok := it.Expr.(*ast.Variable)
		if !ok || (it.Alias != nil && it.Alias.Name != v.Name) {
			return false
		}
	}
	return true
}
