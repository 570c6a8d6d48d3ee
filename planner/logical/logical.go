// Package logical defines cyq's logical plan: the operators that both
// front-ends (openCypher and GraphProgram) lower to. A plan is a list of
// pipelines (one per UNION branch); a pipeline is a sequence of operators
// in which each operator consumes the rows of the one before it.
//
// Expressions stay as parser AST nodes; the binder's results (variable
// kinds) travel in the operators themselves.
package logical

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Op is a logical operator.
type Op interface {
	// Name is the operator's name in EXPLAIN.
	Name() string
	// Detail is the operator's arguments in EXPLAIN.
	Detail() string
	// Breaker reports whether the operator materialises its input before
	// producing rows (aggregation, sort, eager buffering).
	Breaker() bool
}

// Mode is how an operator executes.
type Mode uint8

// Modes.
const (
	RowMode Mode = iota // one binding at a time
	SetMode             // roaring-bitmap frontier, set at a time
)

func (m Mode) String() string {
	if m == SetMode {
		return "set"
	}
	return "row"
}

// Plan is a whole statement's plan.
type Plan struct {
	Pipelines []*Pipeline
	UnionAll  []bool // between pipelines
	Columns   []string
	Writes    bool
	// Working is set when the plan is a GraphProgram statement.
	Working *WorkingApply
}

// Pipeline is one linear chain of operators.
type Pipeline struct {
	Ops []Op
	// Est[i] is the estimated number of rows leaving Ops[i].
	Est []float64
}

// Explain renders the plan as an indented tree, the last operator on top
// as usual for query plans.
func (p *Plan) Explain() string {
	return p.Render(func(pipeline, op int) string {
		pl := p.Pipelines[pipeline]
		if op < len(pl.Est) {
			return "est. rows " + fmtEst(pl.Est[op])
		}
		return ""
	})
}

// Render renders the plan tree like Explain, with annot(pipeline, op)
// in parentheses after each operator (nothing when it returns "").
func (p *Plan) Render(annot func(pipeline, op int) string) string {
	var b strings.Builder
	base := ""
	if p.Working != nil {
		fmt.Fprintf(&b, "+%s %s\n", p.Working.Name(), p.Working.Detail())
		base = "  "
	}
	for i, pl := range p.Pipelines {
		if i > 0 {
			b.WriteString(base)
			if p.UnionAll[i-1] {
				b.WriteString("UNION ALL\n")
			} else {
				b.WriteString("UNION\n")
			}
		}
		for j := len(pl.Ops) - 1; j >= 0; j-- {
			op := pl.Ops[j]
			indent := base + strings.Repeat("  ", len(pl.Ops)-1-j)
			fmt.Fprintf(&b, "%s+%s", indent, op.Name())
			if d := op.Detail(); d != "" {
				fmt.Fprintf(&b, " %s", d)
			}
			if a := annot(i, j); a != "" {
				fmt.Fprintf(&b, " (%s)", a)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func fmtEst(f float64) string {
	switch {
	case f >= 1e6:
		return fmt.Sprintf("%.1fM", f/1e6)
	case f >= 1e4:
		return fmt.Sprintf("%.1fk", f/1e3)
	}
	return fmt.Sprintf("%.0f", f)
}

// Start produces one empty row (the beginning of every pipeline).
type Start struct{}

// NodeScan binds Var to every node, or every node with Label.
type NodeScan struct {
	Var   string
	Label string // "" for all nodes
	// Prefilter lists conjuncts of the next Filter that compare one of
	// Var's properties with a constant or parameter. When set, the scan
	// runs in batches: it reads up to vm.BatchSize nodes at a time and
	// evaluates these predicates over the whole batch in one instruction
	// each, dropping the nodes for which one is not true; the Filter still
	// follows (it sees only the survivors).
	Prefilter []ast.Expr
	// Batch is the number of operators after the scan (filters and
	// projections) whose expressions are evaluated over each batch by
	// vector instructions; the scan is batched when Batch > 0 or it has
	// prefilters.
	Batch int
}

// NodeIndexSeek binds Var to the nodes with Label whose property Key
// equals Value, from a property index.
type NodeIndexSeek struct {
	Var, Label, Key string
	Value           ast.Expr
}

// Expand follows one relationship from From to To.
type Expand struct {
	From, Rel, To string
	Dir           ast.Direction
	Types         []string
	// ToBound: To is already bound; the expansion checks it.
	ToBound bool
	// RelBound: Rel is already bound; the expansion checks it.
	RelBound bool
	// Distinct lists relationship variables of the same MATCH that Rel
	// must differ from (relationship isomorphism).
	Distinct []string
}

// VarExpand follows Min..Max relationships (Max < 0: unbounded).
type VarExpand struct {
	From, RelList, To string
	Dir               ast.Direction
	Types             []string
	Min, Max          int
	ToBound           bool
	Distinct          []string
	Props             *ast.MapLiteral
	Mode              Mode
	// Reverse: the expansion runs against the pattern's written order, so
	// the relationship list is reversed to read in pattern order.
	Reverse bool
	// ListBound: RelList is already bound to a list of relationships,
	// which the trail must follow exactly.
	ListBound bool
}

// Hop is one step of an ExpandChain.
type Hop struct {
	Dir   ast.Direction
	Types []string
}

// ExpandChain binds To to each distinct node at the end of a trail of Hops
// from From, set at a time (roaring-bitmap frontier); the relationships
// and intermediate nodes are not bound.
type ExpandChain struct {
	From, To string
	Hops     []Hop
}

// Degree binds Into to the number of relationships of Var matching Dir and
// Types, read from the adjacency's stored degrees, and drops rows where it
// is zero. It replaces an Expand whose rows are only counted.
type Degree struct {
	Var   string
	Dir   ast.Direction
	Types []string
	Into  string
}

// ShortestPath binds Path (and RelList, when named) to a shortest path, or
// with All to every shortest path, between the bound nodes From and To.
type ShortestPath struct {
	From, To      string
	Path, RelList string // either may be ""
	Dir           ast.Direction
	Types         []string
	Min, Max      int
	All           bool
}

// CycleCount binds Into to the number of closed three-hop cycles
// (a)-[h1]->(b)-[h2]->(c)-[h3]->(a) that start at the bound node Var,
// counting as MATCH does (each combination of distinct relationships), and
// drops rows where it is zero. It replaces three expansions whose rows are
// only counted: intersections of neighbour bitmaps replace enumeration.
type CycleCount struct {
	Var  string
	Hops [3]Hop
	Into string
}

// NodeFilter checks labels and inline properties of a node variable.
type NodeFilter struct {
	Var    string
	Labels ast.LabelExpr
	Props  ast.Expr
}

// RelFilter checks inline properties of a relationship variable.
type RelFilter struct {
	Var   string
	Props ast.Expr
}

// Filter keeps rows where Pred is true.
type Filter struct {
	Pred  ast.Expr
	Subst map[string]string // as Project.Subst, after DISTINCT or aggregation
	// Vectorised: evaluated over the batches of the scan before it (see
	// NodeScan.Batch).
	Vectorised bool
}

// Optional runs Inner for each row; rows without a match are kept with
// Inner's new variables set to null (OPTIONAL MATCH).
type Optional struct {
	Inner   []Op
	NewVars []string
}

// PathBind binds a path variable from the pattern's nodes and relationships.
type PathBind struct {
	Var   string
	Nodes []string
	Rels  []string
	Lists []bool // Rels[i] is a var-length list
}

// Projection item.
type Item struct {
	Expr ast.Expr
	Name string
}

// Project computes Items; with Replace, only they remain in scope.
type Project struct {
	Items []Item
	// Vectorised: evaluated over the batches of the scan before it.
	Vectorised bool
	// Subst maps the source text of grouping keys to the columns holding
	// them (after an aggregation, items refer to keys by their text).
	Subst map[string]string
}

// AggCall is an aggregate function call in an Aggregate.
type AggCall struct {
	Call *ast.FunctionCall
	Name string // internal variable receiving the result
	// IntSum marks a sum whose argument is always an integer (a count the
	// planner introduced): the VM adds it up without an aggregator object.
	IntSum bool
}

// Aggregate groups by Keys and computes Aggs.
type Aggregate struct {
	Keys []Item
	Aggs []AggCall
	// EstGroups is the cost model's estimate of the number of groups.
	EstGroups float64
}

// Distinct drops rows whose Vars repeat an earlier row.
type Distinct struct {
	Vars []string
}

// SortKey is one ORDER BY key.
type SortKey struct {
	Expr ast.Expr
	Desc bool
}

// Sort orders rows.
type Sort struct {
	Keys  []SortKey
	Subst map[string]string // as Project.Subst, for keys after an aggregation
}

// Skip drops the first N rows.
type Skip struct{ Count ast.Expr }

// Limit stops after N rows.
type Limit struct{ Count ast.Expr }

// Unwind binds Var to each element of Expr.
type Unwind struct {
	Expr ast.Expr
	Var  string
}

// Eager materialises every row before the next operator runs (it separates
// reads from the writes that follow them).
type Eager struct{}

// Create creates the pattern for each row.
type Create struct {
	Pattern *ast.Pattern
}

// Merge matches Part or creates it.
type Merge struct {
	Match    []Op
	Part     *ast.PatternPart
	OnCreate []ast.SetItem
	OnMatch  []ast.SetItem
	NewVars  []string
}

// SetProps applies SET items.
type SetProps struct {
	Items []ast.SetItem
}

// RemoveProps applies REMOVE items.
type RemoveProps struct {
	Items []ast.RemoveItem
}

// Delete deletes entities.
type Delete struct {
	Exprs  []ast.Expr
	Detach bool
}

// ProcCall calls a procedure and binds its yielded fields.
type ProcCall struct {
	Proc   string
	Args   []ast.Expr
	Yield  []string // output fields bound, in procedure output order ("" = dropped)
	Vars   []string // variable names for them
	Writes bool
}

// Foreach runs Body (update operators) once per element of List, with Var
// bound to it; the row itself passes on unchanged.
type Foreach struct {
	Var  string
	List ast.Expr
	Body []Op
}

// CallSubquery runs Body for each row (CALL { ... }); each row Body
// returns is joined with the input row under Columns. A unit subquery (no
// RETURN) passes each input row on once, after running.
type CallSubquery struct {
	Body    *Pipeline
	Columns []string
}

// Select narrows the variables in scope to Vars (the end of a WITH).
type Select struct {
	Vars []string
}

// Emit produces result rows.
type Emit struct {
	Columns []string
}

// Breaker implementations.
func (Start) Breaker() bool         { return false }
func (NodeScan) Breaker() bool      { return false }
func (NodeIndexSeek) Breaker() bool { return false }
func (Expand) Breaker() bool        { return false }
func (ShortestPath) Breaker() bool  { return false }
func (Degree) Breaker() bool        { return false }
func (ExpandChain) Breaker() bool   { return false }
func (VarExpand) Breaker() bool     { return false }
func (NodeFilter) Breaker() bool    { return false }
func (RelFilter) Breaker() bool     { return false }
func (Filter) Breaker() bool        { return false }
func (Optional) Breaker() bool      { return false }
func (PathBind) Breaker() bool      { return false }
func (Project) Breaker() bool       { return false }
func (Aggregate) Breaker() bool     { return true }
func (Distinct) Breaker() bool      { return false }
func (Sort) Breaker() bool          { return true }
func (Skip) Breaker() bool          { return false }
func (Limit) Breaker() bool         { return false }
func (Unwind) Breaker() bool        { return false }
func (Eager) Breaker() bool         { return true }
func (Create) Breaker() bool        { return false }
func (Merge) Breaker() bool         { return false }
func (SetProps) Breaker() bool      { return false }
func (RemoveProps) Breaker() bool   { return false }
func (Delete) Breaker() bool        { return false }
func (ProcCall) Breaker() bool      { return false }
func (Emit) Breaker() bool          { return false }
func (Select) Breaker() bool        { return false }
func (Foreach) Breaker() bool       { return false }

// Names.
func (Start) Name() string         { return "Start" }
func (NodeScan) Name() string      { return "NodeScan" }
func (NodeIndexSeek) Name() string { return "NodeIndexSeek" }
func (Expand) Name() string        { return "Expand" }
func (o ShortestPath) Name() string {
	if o.All {
		return "AllShortestPaths"
	}
	return "ShortestPath"
}
func (Degree) Name() string       { return "Degree" }
func (ExpandChain) Name() string  { return "ExpandSet" }
func (VarExpand) Name() string    { return "VarExpand" }
func (NodeFilter) Name() string   { return "NodeFilter" }
func (RelFilter) Name() string    { return "RelFilter" }
func (Filter) Name() string       { return "Filter" }
func (Optional) Name() string     { return "Optional" }
func (PathBind) Name() string     { return "PathBind" }
func (Project) Name() string      { return "Project" }
func (Aggregate) Name() string    { return "Aggregate" }
func (Distinct) Name() string     { return "Distinct" }
func (Sort) Name() string         { return "Sort" }
func (Skip) Name() string         { return "Skip" }
func (Limit) Name() string        { return "Limit" }
func (Unwind) Name() string       { return "Unwind" }
func (Eager) Name() string        { return "Eager" }
func (Create) Name() string       { return "Create" }
func (Merge) Name() string        { return "Merge" }
func (SetProps) Name() string     { return "Set" }
func (RemoveProps) Name() string  { return "Remove" }
func (Delete) Name() string       { return "Delete" }
func (ProcCall) Name() string     { return "ProcedureCall" }
func (Emit) Name() string         { return "Emit" }
func (Select) Name() string       { return "Select" }
func (CallSubquery) Name() string { return "CallSubquery" }
func (Foreach) Name() string      { return "Foreach" }

// Details.
func (Start) Detail() string { return "" }
func (o NodeScan) Detail() string {
	s := fmt.Sprintf("(%s:%s) label scan", show(o.Var), o.Label)
	if o.Label == "" {
		s = fmt.Sprintf("(%s) all nodes", show(o.Var))
	}
	if len(o.Prefilter) == 0 && o.Batch > 0 {
		s += ", batched"
	}
	if len(o.Prefilter) > 0 {
		parts := make([]string, len(o.Prefilter))
		for i, p := range o.Prefilter {
			parts[i] = ast.FormatExpr(p)
		}
		s += ", batched, prefilter " + strings.Join(parts, " AND ")
	}
	return s
}
func (o NodeIndexSeek) Detail() string {
	return fmt.Sprintf("(%s:%s {%s: ...}) index seek", show(o.Var), o.Label, o.Key)
}
func (o Expand) Detail() string {
	s := fmt.Sprintf("(%s)%s(%s)", show(o.From), arrow(o.Dir, o.Rel, o.Types, ""), show(o.To))
	if o.ToBound {
		s += " into bound"
	}
	return s
}
func (o ShortestPath) Detail() string {
	max := "∞"
	if o.Max >= 0 {
		max = fmt.Sprint(o.Max)
	}
	return fmt.Sprintf("(%s)%s(%s) bfs", show(o.From), arrow(o.Dir, o.RelList, o.Types, fmt.Sprintf("*%d..%s", o.Min, max)), show(o.To))
}
func (o Degree) Detail() string {
	return fmt.Sprintf("(%s)%s() count", o.Var, arrow(o.Dir, "", o.Types, ""))
}
func (o ExpandChain) Detail() string {
	s := "(" + o.From + ")"
	for _, h := range o.Hops {
		s += arrow(h.Dir, "", h.Types, "") + "()"
	}
	return s[:len(s)-2] + "(" + o.To + ") mode=set"
}
func (o VarExpand) Detail() string {
	max := "∞"
	if o.Max >= 0 {
		max = fmt.Sprint(o.Max)
	}
	return fmt.Sprintf("(%s)%s(%s) mode=%s", show(o.From), arrow(o.Dir, o.RelList, o.Types, fmt.Sprintf("*%d..%s", o.Min, max)), show(o.To), o.Mode)
}
func (o NodeFilter) Detail() string { return show(o.Var) }
func (o RelFilter) Detail() string  { return o.Var }
func (o Filter) Detail() string {
	if o.Vectorised {
		return "vectorised"
	}
	return ""
}
func (o Optional) Detail() string {
	names := make([]string, len(o.Inner))
	for i, op := range o.Inner {
		names[i] = op.Name() + " " + op.Detail()
	}
	return "[" + strings.Join(names, "; ") + "]"
}
func (o PathBind) Detail() string { return o.Var }
func (o Project) Detail() string {
	names := make([]string, len(o.Items))
	for i, it := range o.Items {
		names[i] = it.Name
	}
	if o.Vectorised {
		return strings.Join(names, ", ") + " vectorised"
	}
	return strings.Join(names, ", ")
}
func (o Aggregate) Detail() string {
	keys := make([]string, len(o.Keys))
	for i, k := range o.Keys {
		keys[i] = k.Name
	}
	aggs := make([]string, len(o.Aggs))
	for i, a := range o.Aggs {
		aggs[i] = a.Call.Name
	}
	return fmt.Sprintf("keys=[%s] aggs=[%s]", strings.Join(keys, ", "), strings.Join(aggs, ", "))
}
func (o Distinct) Detail() string    { return strings.Join(o.Vars, ", ") }
func (o Sort) Detail() string        { return fmt.Sprintf("%d keys", len(o.Keys)) }
func (o Skip) Detail() string        { return "" }
func (o Limit) Detail() string       { return "" }
func (o Unwind) Detail() string      { return o.Var }
func (o Eager) Detail() string       { return "" }
func (o Create) Detail() string      { return "" }
func (o Merge) Detail() string       { return "" }
func (o SetProps) Detail() string    { return "" }
func (o RemoveProps) Detail() string { return "" }
func (o Delete) Detail() string      { return "" }
func (o ProcCall) Detail() string    { return o.Proc }
func (o Emit) Detail() string        { return strings.Join(o.Columns, ", ") }
func (o Select) Detail() string      { return strings.Join(o.Vars, ", ") }
func (o CallSubquery) Detail() string {
	names := make([]string, len(o.Body.Ops))
	for i, op := range o.Body.Ops {
		names[i] = op.Name()
	}
	return "{" + strings.Join(names, " > ") + "} -> " + strings.Join(o.Columns, ", ")
}
func (o Foreach) Detail() string { return o.Var }

// show hides the planner's own (anonymous) variable names in EXPLAIN.
func show(name string) string {
	if strings.HasPrefix(name, " ") {
		return ""
	}
	return name
}

func arrow(d ast.Direction, v string, types []string, extra string) string {
	inner := show(v)
	if len(types) > 0 {
		inner += ":" + strings.Join(types, "|")
	}
	inner += extra
	switch d {
	case ast.DirRight:
		return "-[" + inner + "]->"
	case ast.DirLeft:
		return "<-[" + inner + "]-"
	}
	return "-[" + inner + "]-"
}

// Breaker implements Op.
func (CallSubquery) Breaker() bool { return false }

// Breaker implements Op.
func (CycleCount) Breaker() bool { return false }

// Name implements Op.
func (CycleCount) Name() string { return "CycleCount" }

// Detail implements Op.
func (o CycleCount) Detail() string {
	s := "(" + show(o.Var) + ")"
	for _, h := range o.Hops {
		s += arrow(h.Dir, "", h.Types, "") + "()"
	}
	return s[:len(s)-2] + "(" + show(o.Var) + ") count, set intersections"
}

// LoadCSV binds Var to each record of the CSV file named by URL: a list of
// strings, or with WithHeaders a map from the header's names.
type LoadCSV struct {
	URL             ast.Expr
	Var             string
	WithHeaders     bool
	FieldTerminator string
}

// Breaker implements Op.
func (LoadCSV) Breaker() bool { return false }

// Name implements Op.
func (LoadCSV) Name() string { return "LoadCSV" }

// Detail implements Op.
func (o LoadCSV) Detail() string { return o.Var }

// NodeSetSeek binds Var to each node of a set given by a list: element ids
// (elementId(n) IN list), integer ids (id(n) IN list), or, with Label and
// Key, the values of an indexed property (n.key IN list). It starts a
// pattern from a known set — a semi-join — instead of a scan.
type NodeSetSeek struct {
	Var        string
	List       ast.Expr
	ElementIDs bool
	Label, Key string
}

// Breaker implements Op.
func (NodeSetSeek) Breaker() bool { return false }

// Name implements Op.
func (NodeSetSeek) Name() string { return "NodeSetSeek" }

// Detail implements Op.
func (o NodeSetSeek) Detail() string {
	switch {
	case o.Key != "":
		return fmt.Sprintf("(%s:%s) %s IN list, index seeks", show(o.Var), o.Label, o.Key)
	case o.ElementIDs:
		return fmt.Sprintf("(%s) elementId IN list", show(o.Var))
	}
	return fmt.Sprintf("(%s) id IN list", show(o.Var))
}

// ExpandCommon binds X to each distinct node adjacent to both bound nodes
// A (by hop HA, from A) and B (by hop HB, from X to B): the intersection
// of two neighbour sets (common neighbours), set at a time.
type ExpandCommon struct {
	A, B, X string
	HA, HB  Hop
}

// Breaker implements Op.
func (ExpandCommon) Breaker() bool { return false }

// Name implements Op.
func (ExpandCommon) Name() string { return "ExpandCommon" }

// Detail implements Op.
func (o ExpandCommon) Detail() string {
	return fmt.Sprintf("(%s)%s(%s)%s(%s) mode=set, intersection", show(o.A), arrow(o.HA.Dir, "", o.HA.Types, ""), show(o.X), arrow(o.HB.Dir, "", o.HB.Types, ""), show(o.B))
}
