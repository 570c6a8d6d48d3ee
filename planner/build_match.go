package planner

import (
	"slices"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/functions"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/planner/logical"
)

// patternPlan is the state of planning one MATCH pattern.
type patternPlan struct {
	sc      *scope
	ops     []logical.Op
	newVars []string // variables the pattern binds that were not in scope
	relVars []string // relationship variables bound so far, for isomorphism
}

// bind adds name to the scope, noting it as new when it was not bound.
func (m *patternPlan) bind(name string, k varKind) {
	if !m.sc.has(name) {
		m.newVars = append(m.newVars, name)
	}
	m.sc.add(name, k)
}

// chainPlan is one pattern part's chain of nodes and relationships.
type chainPlan struct {
	el       *ast.PatternElement
	names    []string // node variables (internal names for anonymous nodes)
	relNames []string // relationship variables, set as they are expanded
	lists    []bool   // relNames[i] is a variable-length list
}

// matchOps plans one MATCH pattern (and its WHERE) against scope sc, which
// it extends with the pattern's variables. It returns the operators and the
// variables the pattern newly binds.
//
// Predicates take one form first (patternPredicates): inline property
// maps become WHERE conjuncts and WHERE label tests become pattern labels,
// so every spelling chooses its seeks and scans alike; the predicate rules
// then place each conjunct where its variables are bound.
func (b *builder) matchOps(p *ast.Pattern, where ast.Expr, sc *scope) ([]logical.Op, []string, error) {
	if ops, newVars, split, err := b.orSplit(p, where, sc); split || err != nil {
		return ops, newVars, err
	}
	m := &patternPlan{sc: sc}
	known := map[string]bool{}
	for n, k := range sc.vars {
		known[n] = k == kindNode || k == kindRel
	}
	parts, names, where, props := b.patternPredicates(p, where)
	// Seeks are chosen from the inline properties and the WHERE alike.
	seekOn := where
	if len(props) > 0 {
		if where != nil {
			props = append(props, conjuncts(where)...)
		}
		seekOn = andOf(props)
	}
	for _, i := range b.partOrder(p, parts) {
		part := parts[i]
		if part.Selector != nil || part.Mode != ast.ModeDefault {
			if err := b.selectedPart(part, m, names[i], seekOn); err != nil {
				return nil, nil, err
			}
			continue
		}
		if part.Kind != ast.PathPlain {
			if err := b.shortestPath(part, m, names[i], seekOn); err != nil {
				return nil, nil, err
			}
			where = b.shortestWhere(m, part, where)
			continue
		}
		if err := b.checkPatternVars(p.Parts[i], sc, m.relVars); err != nil {
			return nil, nil, err
		}
		partNames := names[i]
		if part.Var != nil {
			if hops, hopNames, ok := b.fixedHops(part, partNames); ok {
				part, partNames = hops, hopNames
			}
		}
		if err := b.chainOps(m, part, partNames, seekOn); err != nil {
			return nil, nil, err
		}
	}
	if where != nil {
		if err := b.checkWhere(where, sc); err != nil {
			return nil, nil, err
		}
		m.ops = append(m.ops, logical.Filter{Pred: where})
	}
	pl := applyRules(&logical.Pipeline{Ops: m.ops}, b.predicateRules(known)...)
	return pl.Ops, m.newVars, nil
}

// partOrder is the order matchOps plans the parts of pattern p in: as
// written, or with the part the cost of the whole plan chooses first
// (see orderChoices). The parts of one pattern are one join whatever
// their order (their relationships are all distinct either way), so any
// part of a pattern of plain parts may lead; a selected or shortest part
// reads the nodes the parts before it bound, and keeps the order.
func (b *builder) partOrder(p *ast.Pattern, parts []*ast.PatternPart) []int {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	if len(parts) < 2 || b.startLast || b.rowModeOnly {
		return order
	}
	for _, part := range parts {
		if part.Selector != nil || part.Mode != ast.ModeDefault || part.Kind != ast.PathPlain {
			return order
		}
	}
	lead := b.choose(partsKey(p), 0, order)
	if lead == 0 {
		return order
	}
	return append(append([]int{lead}, order[:lead]...), order[lead+1:]...)
}

// chainOps plans one plain pattern part: bind its start node, seek the
// nodes an index reaches, expand from the start to both ends, then bind
// the path variable. names are the part's node variables.
func (b *builder) chainOps(m *patternPlan, part *ast.PatternPart, names []string, where ast.Expr) error {
	el := part.Element
	c := &chainPlan{el: el, names: names, relNames: make([]string, len(el.Rels)), lists: make([]bool, len(el.Rels))}
	eqs := b.equalities(andOf(nodeJoinConds(where, el, c.names, m.sc)), c.names, m.sc)
	starts := b.oneNodeLabels(el, c.names)
	start, seek := b.chooseStart(starts, c.names, m.sc, eqs, existenceTested(where, part, c.names))
	if err := b.startOps(m, starts.Nodes[start], c.names[start], seek); err != nil {
		return err
	}
	b.seekOthers(m, c, start, eqs)
	for i := start; i < len(el.Rels); i++ {
		if err := b.expandStep(m, c, i, i, i+1, el.Rels[i].Direction); err != nil {
			return err
		}
	}
	for i := start - 1; i >= 0; i-- {
		if err := b.expandStep(m, c, i, i+1, i, reverse(el.Rels[i].Direction)); err != nil {
			return err
		}
	}
	if part.Var != nil {
		if err := b.checkUnbound(part.Var, m.sc); err != nil {
			return err
		}
		m.ops = append(m.ops, logical.PathBind{Var: part.Var.Name, Nodes: c.names, Rels: c.relNames, Lists: c.lists})
		m.bind(part.Var.Name, kindPath)
	}
	return nil
}

// oneNodeLabels is el with each node pattern carrying the labels of every
// pattern of its variable in the chain (a cycle's closing node is the
// node it starts from): a start at any of them may then seek by the
// index the labels allow, and checks all of them. el itself when no
// variable repeats with labels.
func (b *builder) oneNodeLabels(el *ast.PatternElement, names []string) *ast.PatternElement {
	var out *ast.PatternElement
	for i, n := range el.Nodes {
		var items []ast.LabelExpr
		for j, o := range el.Nodes {
			if j == i || names[j] != names[i] || o.Labels == nil {
				continue
			}
			if _, ok := ast.SimpleLabels(o.Labels); !ok {
				continue
			}
			items = append(items, o.Labels)
		}
		if items == nil {
			continue
		}
		if _, ok := ast.SimpleLabels(n.Labels); !ok {
			continue
		}
		if n.Labels != nil {
			items = append([]ast.LabelExpr{n.Labels}, items...)
		}
		if out == nil {
			cp := *el
			cp.Nodes = append([]*ast.NodePattern(nil), el.Nodes...)
			out = &cp
		}
		copied := *n
		copied.Labels = items[0]
		if len(items) > 1 {
			copied.Labels = &ast.LabelAnd{Span: n.Span, Items: items, Colon: true}
		}
		if props, ok := b.inlineProps[n]; ok {
			b.inlineProps[&copied] = props
		}
		out.Nodes[i] = &copied
	}
	if out == nil {
		return el
	}
	return out
}

// nodeNames names a chain's nodes: their variables, or fresh internal
// names for anonymous ones.
func (b *builder) nodeNames(el *ast.PatternElement) []string {
	names := make([]string, len(el.Nodes))
	for i, n := range el.Nodes {
		if n.Var != nil {
			names[i] = n.Var.Name
		} else {
			names[i] = b.fresh("n")
		}
	}
	return names
}

// startOps binds the chain's start node n, unless it is bound, by seek
// (when chooseStart found one) or scan, then checks its labels and
// properties.
func (b *builder) startOps(m *patternPlan, n *ast.NodePattern, name string, seek logical.Op) error {
	checkLabels := true
	if !m.sc.has(name) {
		if seek != nil {
			m.ops = append(m.ops, seek)
			// A seek of the only label's index needs no label check.
			checkLabels = !onlyLabel(n, seekLabel(seek))
		} else {
			scan, onlyLabel := b.scanOp(n, name)
			m.ops = append(m.ops, scan)
			// A scan of the only label needs no label check after it.
			checkLabels = !onlyLabel
		}
		m.bind(name, kindNode)
	}
	if !checkLabels {
		copied := *n
		copied.Labels = nil
		if props, ok := b.inlineProps[n]; ok {
			b.inlineProps[&copied] = props
		}
		n = &copied
	}
	return b.appendNodeFilter(m, n, name)
}

// seekLabel is the label whose index seek binds only nodes carrying it
// ("" for a seek of no label's index).
func seekLabel(seek logical.Op) string {
	switch ix := seek.(type) {
	case logical.NodeIndexSeek:
		return ix.Label
	case logical.NodeSetSeek:
		return ix.Label
	case logical.NodeRangeSeek:
		return ix.Label
	}
	return ""
}

// unlabelled drops the label check of the chain's node i, whose binding
// proved it (a seek of its only label's index): the expansion that later
// reaches the bound node then tests its properties only, and a set
// operation such as the intersection of two bound nodes' neighbours
// (setCommonNeighbours) is not cut into rows by a label test of a node
// every row shares. The chain's element is copied; the AST stays as
// parsed.
func (b *builder) unlabelled(c *chainPlan, i int) {
	n := c.el.Nodes[i]
	el := *c.el
	el.Nodes = slices.Clone(el.Nodes)
	copied := *n
	copied.Labels = nil
	if props, ok := b.inlineProps[n]; ok {
		b.inlineProps[&copied] = props
	}
	el.Nodes[i] = &copied
	c.el = &el
}

// onlyLabel reports whether label is node pattern n's only label.
func onlyLabel(n *ast.NodePattern, label string) bool {
	ls, ok := ast.SimpleLabels(n.Labels)
	return ok && len(ls) == 1 && ls[0] == label
}

// seekOthers binds up front the chain's other nodes that an index seek
// reaches, or that a scan filtered by an equality reaches when the plan's
// cost chooses it (scanAnchor): the expansions then only test adjacency
// (a join on bitmaps) instead of enumerating every neighbour's
// relationships.
func (b *builder) seekOthers(m *patternPlan, c *chainPlan, start int, eqs map[string][]propEq) {
	for i, n := range c.el.Nodes {
		if i == start || m.sc.has(c.names[i]) {
			continue
		}
		seek := b.seekFor(n, c.names[i], eqs[c.names[i]])
		if _, isRange := seek.(logical.NodeRangeSeek); isRange {
			// A range may hold many nodes: joining each with every row of
			// the start would cost more than expanding to them.
			continue
		}
		if set, ok := seek.(logical.NodeSetSeek); ok && b.expandToSetSeek(c.el, c.names[i], set) {
			continue
		}
		if seek == nil && b.scanAnchor(c.el, i, eqs[c.names[i]]) {
			// Ahead of everything the pattern binds, so the scan runs
			// once per row entering the pattern, not once per start.
			scan, only := b.scanOp(n, c.names[i])
			m.ops = append([]logical.Op{scan}, m.ops...)
			m.bind(c.names[i], kindNode)
			if only {
				b.unlabelled(c, i)
			}
			if b.anchors == nil {
				b.anchors = map[string]bool{}
			}
			b.anchors[c.names[i]] = true
			continue
		}
		if seek != nil {
			m.ops = append(m.ops, seek)
			m.bind(c.names[i], kindNode)
			if l := seekLabel(seek); l != "" && onlyLabel(n, l) {
				b.unlabelled(c, i)
			}
		}
	}
}

// expandToSetSeek reports whether node name of chain el, which a seek
// by the values of a list reaches, is reached by expanding instead: a
// list of many values seeks as many nodes, each joined with every row of
// the start by an adjacency test, where the expansion reads the start's
// relationships once and tests membership in the list (a hash set) per
// neighbour. Which is cheaper depends on the list's length against the
// start's degree, so it is a choice the plan's cost makes (seeking is
// the default); a list of at most one value is always sought.
func (b *builder) expandToSetSeek(el *ast.PatternElement, name string, set logical.NodeSetSeek) bool {
	if n, ok := listLength(b.planValue(set.List), b.listLens); ok && n <= 1 {
		return false
	}
	return b.choose(chainKey("seek-other "+name, el), 0, []int{0, 1}) == 1
}

// expandStep plans relationship ri of the chain, followed in direction
// dir from node from to node to, with its filters and the filters of the
// node it reaches.
func (b *builder) expandStep(m *patternPlan, c *chainPlan, ri, from, to int, dir ast.Direction) error {
	r := c.el.Rels[ri]
	if r.Group != nil {
		return b.groupStep(m, c, ri, from, to)
	}
	types, ok := r.TypeNames()
	if !ok {
		// A type expression beyond A|B: expand over every type, then
		// filter on type().
		return b.typeExprStep(m, c, ri, from, to, dir)
	}
	types = dedupe(types)
	rn := b.fresh("r")
	if r.Var != nil {
		rn = r.Var.Name
	}
	c.relNames[ri] = rn
	toBound := m.sc.has(c.names[to])
	if r.VarLength != nil || r.Quant != nil {
		op := logical.VarExpand{From: c.names[from], RelList: rn, To: c.names[to], Dir: dir, Types: types, ToBound: toBound, Reverse: from > to}
		if err := b.varExpandOp(m, r, op); err != nil {
			return err
		}
		c.lists[ri] = true
		if r.Quant != nil {
			if err := b.quantRelWhere(m, r, rn); err != nil {
				return err
			}
			m.bind(c.names[to], kindNode)
			return b.appendNodeFilter(m, c.el.Nodes[to], c.names[to])
		}
	} else {
		op := logical.Expand{From: c.names[from], Rel: rn, To: c.names[to], Dir: dir, Types: types, ToBound: toBound}
		if err := b.expandOp(m, r, op); err != nil {
			return err
		}
	}
	if r.Where != nil {
		if err := b.checkWhere(r.Where, m.sc); err != nil {
			return err
		}
		m.ops = append(m.ops, logical.Filter{Pred: r.Where})
	}
	m.bind(c.names[to], kindNode)
	return b.appendNodeFilter(m, c.el.Nodes[to], c.names[to])
}

// varExpandOp completes and adds op, the expansion of the variable-length
// relationship r, and binds its relationship list.
func (b *builder) varExpandOp(m *patternPlan, r *ast.RelPattern, op logical.VarExpand) error {
	if r.VarLength != nil || r.Quant != nil {
		op.Min, op.Max = relBounds(r)
	}
	if r.Props != nil {
		ml, isMap := r.Props.(*ast.MapLiteral)
		if !isMap {
			return b.errAt(r.Props, cyqerr.SemanticError, "Unsupported", "variable-length relationships take a literal property map")
		}
		if err := b.checkExpr(ml, m.sc, false); err != nil {
			return err
		}
		op.Props = ml
	}
	op.ListBound = m.sc.has(op.RelList)
	op.Distinct = append([]string(nil), m.relVars...)
	m.ops = append(m.ops, op)
	// Later relationships of the pattern must differ from this list's.
	m.relVars = append(m.relVars, op.RelList)
	m.bind(op.RelList, kindValue)
	m.sc.types[op.RelList] = functions.List(functions.Rel)
	return nil
}

// expandOp completes and adds op, the expansion of the single
// relationship r, binds the relationship and checks its properties.
func (b *builder) expandOp(m *patternPlan, r *ast.RelPattern, op logical.Expand) error {
	// A relationship bound before is checked, whether bound as a
	// relationship or as a value (UNWIND of a list, CASE): the value
	// must be that relationship (relReg raises for another kind, and
	// null matches nothing); it does not start a new variable.
	op.RelBound = op.Rel != "" && m.sc.has(op.Rel) && (m.sc.vars[op.Rel] == kindRel || m.sc.vars[op.Rel] == kindValue)
	op.Distinct = append([]string(nil), m.relVars...)
	m.ops = append(m.ops, op)
	m.relVars = append(m.relVars, op.Rel)
	m.bind(op.Rel, kindRel)
	if r.Props == nil {
		return nil
	}
	if p, ok := r.Props.(*ast.Parameter); ok {
		return b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: [r {key: $value}]")
	}
	if err := b.checkExpr(r.Props, m.sc, false); err != nil {
		return err
	}
	m.ops = append(m.ops, logical.RelFilter{Var: op.Rel, Props: r.Props})
	return nil
}

// lengthBounds is a variable-length relationship's minimum and maximum
// number of hops (maximum -1: unbounded); *n means exactly n.
func lengthBounds(vl *ast.Range) (min, max int) {
	min, max = 1, -1
	if vl.Min != nil {
		min = int(*vl.Min)
	}
	if vl.Max != nil {
		max = int(*vl.Max)
	} else if vl.Min != nil && !vl.Dots {
		max = min
	}
	return min, max
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

// appendNodeFilter adds the checks of node pattern n (bound to name).
func (b *builder) appendNodeFilter(m *patternPlan, n *ast.NodePattern, name string) error {
	nf, err := b.nodeFilter(n, name, m.sc)
	if err != nil {
		return err
	}
	m.ops = append(m.ops, nf...)
	return nil
}

// nodeFilter checks a node pattern's labels, then its inline properties
// (as conjuncts `name.key = value`: see patternPredicates), then its
// inline WHERE.
func (b *builder) nodeFilter(n *ast.NodePattern, name string, sc *scope) ([]logical.Op, error) {
	var ops []logical.Op
	if p, ok := n.Props.(*ast.Parameter); ok {
		return nil, b.errAt(p, cyqerr.SyntaxError, "InvalidParameterUse", "a parameter cannot stand for a pattern's property map when matching").WithHint("write the properties out: (n {key: $value}), or use WHERE n = ...")
	}
	if ast.HasDynamic(n.Labels) {
		// Labels computed at run time ($(expr)) are a predicate on the node.
		pred := labelPred(n.Labels.NodeSpan(), &ast.Variable{Span: n.Span, Name: name}, n.Labels)
		if err := b.checkExpr(pred, sc, false); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Filter{Pred: pred})
	} else if n.Labels != nil {
		ops = append(ops, logical.NodeFilter{Var: name, Labels: n.Labels})
	}
	if props := b.inlineProps[n]; len(props) > 0 {
		pred := andOf(props)
		if err := b.checkExpr(pred, sc, false); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Filter{Pred: pred})
	}
	if n.Where != nil {
		if err := b.checkWhere(n.Where, sc); err != nil {
			return nil, err
		}
		ops = append(ops, logical.Filter{Pred: n.Where})
	}
	return ops, nil
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
