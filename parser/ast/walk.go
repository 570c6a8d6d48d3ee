package ast

// Inspect traverses the tree rooted at n in depth-first order, calling f for
// each node (nil children are skipped). If f returns false, the children of
// that node are not visited.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	for _, c := range Children(n) {
		Inspect(c, f)
	}
}

// isNilNode reports whether n is a typed nil pointer inside the interface.
func isNilNode(n Node) bool {
	switch v := n.(type) {
	case *Statement:
		return v == nil
	case *Query:
		return v == nil
	case *Pattern:
		return v == nil
	case *Projection:
		return v == nil
	case *Variable:
		return v == nil
	case *PatternElement:
		return v == nil
	case *Range:
		return v == nil
	case *InTransactions:
		return v == nil
	case *Property:
		return v == nil
	}
	return false
}

// Children returns the direct child nodes of n in source order.
func Children(n Node) []Node {
	var out []Node
	add := func(cs ...Node) {
		for _, c := range cs {
			if c != nil && !isNilNode(c) {
				out = append(out, c)
			}
		}
	}
	addExpr := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				add(e)
			}
		}
	}
	switch n := n.(type) {
	case *Statement:
		add(n.Query)
		if n.Command != nil {
			add(n.Command)
		}
	case *Query:
		for i, p := range n.Parts {
			if i < len(n.When) {
				addExpr(n.When[i])
			}
			add(p)
		}
	case *SingleQuery:
		for _, c := range n.Clauses {
			add(c)
		}
	case *Use:
		addExpr(n.Graph)
	case *Let:
		for _, it := range n.Items {
			add(it)
		}
	case *LetItem:
		add(n.Var)
		addExpr(n.Expr)
	case *FilterClause:
		addExpr(n.Where)
	case *Show:
		for _, y := range n.Yield {
			add(y)
		}
		addExpr(n.Where)
	case *Match:
		add(n.Pattern)
		addExpr(n.Where)
	case *With:
		add(n.Projection)
		addExpr(n.Where)
	case *Return:
		add(n.Projection)
	case *Unwind:
		addExpr(n.Expr)
		add(n.Var)
	case *Create:
		add(n.Pattern)
	case *Merge:
		add(n.Part)
		for _, s := range n.OnCreate {
			add(s)
		}
		for _, s := range n.OnMatch {
			add(s)
		}
	case *Set:
		for _, s := range n.Items {
			add(s)
		}
	case *Remove:
		for _, s := range n.Items {
			add(s)
		}
	case *Delete:
		addExpr(n.Exprs...)
	case *Foreach:
		add(n.Var)
		addExpr(n.List)
		for _, c := range n.Updates {
			add(c)
		}
	case *Call:
		addExpr(n.Args...)
		for _, y := range n.Yield {
			add(y)
		}
		addExpr(n.Where)
	case *YieldItem:
		add(n.Alias)
	case *CallSubquery:
		for _, v := range n.Scope {
			add(v)
		}
		add(n.Body)
		add(n.InTransactions)
	case *InTransactions:
		addExpr(n.OfRows)
		add(n.Report)
	case *LoadCSV:
		addExpr(n.URL)
		add(n.Var)
	case *Projection:
		for _, it := range n.Items {
			add(it)
		}
		for _, s := range n.OrderBy {
			add(s)
		}
		addExpr(n.Skip, n.Limit)
	case *ProjectionItem:
		addExpr(n.Expr)
		add(n.Alias)
	case *SortItem:
		addExpr(n.Expr)
	case *SetProperty:
		add(n.Target)
		addExpr(n.Value)
	case *SetVariable:
		add(n.Var)
		addExpr(n.Value)
	case *SetLabels:
		add(n.Var)
		addExpr(n.Dynamic...)
	case *RemoveProperty:
		add(n.Target)
	case *RemoveLabels:
		add(n.Var)
		addExpr(n.Dynamic...)
	case *Pattern:
		for _, p := range n.Parts {
			add(p)
		}
	case *PatternPart:
		add(n.Var, n.Element)
	case *PatternElement:
		for i, nd := range n.Nodes {
			if i > 0 {
				add(n.Rels[i-1])
			}
			add(nd)
		}
	case *NodePattern:
		add(n.Var)
		if n.Labels != nil {
			add(n.Labels)
		}
		addExpr(n.Props, n.Where)
	case *RelPattern:
		add(n.Var)
		if n.Types != nil {
			add(n.Types)
		}
		add(n.VarLength)
		addExpr(n.Props, n.Where)
		if n.Group != nil {
			add(n.Group)
		}
	case *QuantifiedPath:
		add(n.Element)
		addExpr(n.Where)
	case *LabelAnd:
		for _, it := range n.Items {
			add(it)
		}
	case *LabelOr:
		for _, it := range n.Items {
			add(it)
		}
	case *LabelNot:
		add(n.Expr)
	case *LabelDynamic:
		addExpr(n.Expr)
	case *ListLiteral:
		addExpr(n.Items...)
	case *MapLiteral:
		for _, e := range n.Entries {
			add(e)
		}
	case *MapEntry:
		addExpr(n.Value)
	case *Property:
		addExpr(n.Expr)
	case *Index:
		addExpr(n.Expr, n.Index)
	case *Slice:
		addExpr(n.Expr, n.From, n.To)
	case *Binary:
		addExpr(n.Left, n.Right)
	case *Unary:
		addExpr(n.Expr)
	case *Comparison:
		addExpr(n.Operands...)
	case *IsNull:
		addExpr(n.Expr)
	case *TypePredicate:
		addExpr(n.Expr)
	case *StringMatch:
		addExpr(n.Left, n.Right)
	case *In:
		addExpr(n.Expr, n.List)
	case *FunctionCall:
		addExpr(n.Args...)
	case *Case:
		addExpr(n.Subject)
		for _, w := range n.Whens {
			add(w)
		}
		addExpr(n.Else)
	case *CaseWhen:
		addExpr(n.When, n.Then)
	case *ListComprehension:
		add(n.Var)
		addExpr(n.In, n.Where, n.Map)
	case *Quantifier:
		add(n.Var)
		addExpr(n.In, n.Where)
	case *Reduce:
		add(n.Acc)
		addExpr(n.Init)
		add(n.Var)
		addExpr(n.In, n.Expr)
	case *PatternExpr:
		add(n.Element)
	case *PatternComprehension:
		add(n.PathVar, n.Element)
		addExpr(n.Where, n.Map)
	case *ExistsSubquery:
		add(n.Pattern)
		addExpr(n.Where)
		add(n.Query)
	case *CountSubquery:
		add(n.Pattern)
		addExpr(n.Where)
		add(n.Query)
	case *CollectSubquery:
		add(n.Query)
	case *MapProjection:
		add(n.Var)
		for _, it := range n.Items {
			add(it)
		}
	case *MapProjectionItem:
		if n.Kind == MapProjLiteral {
			addExpr(n.Expr)
		}
	case *LabelPredicate:
		addExpr(n.Expr)
		add(n.Labels)
	case *CreateIndex:
		add(n.Var)
		addExpr(n.Options)
	case *CreateConstraint:
		add(n.Var)
		addExpr(n.Options)
	}
	return out
}
