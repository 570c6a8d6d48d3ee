package ast

// Span is the half-open byte range [Start, End) of the source text a node
// was parsed from. Every node embeds one.
type Span struct {
	Start int // byte offset of the node's first byte
	End   int // byte offset just past the node's last byte
}

// NodeSpan returns the span; it makes every node satisfy Node.
func (s Span) NodeSpan() Span { return s }

// Offset returns the byte offset where the node starts.
func (s Span) Offset() int { return s.Start }

// EndOffset returns the byte offset just past the node.
func (s Span) EndOffset() int { return s.End }

// Text returns the source text covered by the span, or "" when the span
// does not fit src.
func (s Span) Text(src string) string {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return ""
	}
	return src[s.Start:s.End]
}

// Node is implemented by every AST node.
type Node interface {
	NodeSpan() Span
}

// Statement is one complete Cypher statement: a query or a schema command,
// optionally prefixed by EXPLAIN or PROFILE.
type Statement struct {
	Span
	Explain bool // EXPLAIN prefix
	Profile bool // PROFILE prefix
	// Query is the statement's query; nil when Command is set.
	Query *Query
	// Command is the schema command; nil when Query is set.
	Command SchemaCommand
}

// Query is a single query or a UNION of single queries.
type Query struct {
	Span
	// Parts holds the single queries in order; len(Parts) >= 1.
	Parts []*SingleQuery
	// All[i] reports whether the union between Parts[i] and Parts[i+1] is
	// UNION ALL; len(All) == len(Parts)-1.
	All []bool
	// When, for a conditional query (WHEN c THEN q ... [ELSE q]), holds
	// the conditions: Parts[i] runs when When[i] is the first that holds;
	// a last part beyond them is the ELSE branch. nil otherwise.
	When []Expr
}

// SingleQuery is a sequence of clauses without UNION.
type SingleQuery struct {
	Span
	Clauses []Clause
}

// Clause is implemented by every clause node.
type Clause interface {
	Node
	clauseNode()
}

// Use is USE <graph>: the graph the rest of the query reads from. Graph is
// a *Variable, a *Property chain (qualified name) or a *FunctionCall
// (graph.byName(...)).
type Use struct {
	Span
	Graph Expr
}

// Match is [OPTIONAL] MATCH pattern [WHERE expr].
type Match struct {
	Span
	Optional bool
	Pattern  *Pattern
	Where    Expr // nil when absent
}

// With is WITH projection [WHERE expr].
type With struct {
	Span
	Projection *Projection
	Where      Expr // nil when absent
}

// Return is RETURN projection.
type Return struct {
	Span
	Projection *Projection
}

// Unwind is UNWIND expr AS var.
type Unwind struct {
	Span
	Expr Expr
	Var  *Variable
}

// Create is CREATE pattern.
type Create struct {
	Span
	Pattern *Pattern
}

// Merge is MERGE part [ON CREATE SET ...] [ON MATCH SET ...]. Several ON
// CREATE (ON MATCH) actions are concatenated in source order.
type Merge struct {
	Span
	Part     *PatternPart
	OnCreate []SetItem
	OnMatch  []SetItem
}

// Set is SET item, item, ....
type Set struct {
	Span
	Items []SetItem
}

// Remove is REMOVE item, item, ....
type Remove struct {
	Span
	Items []RemoveItem
}

// Delete is [DETACH] DELETE expr, expr, ....
type Delete struct {
	Span
	Detach bool
	Exprs  []Expr
}

// Foreach is FOREACH (var IN list | update clauses).
type Foreach struct {
	Span
	Var     *Variable
	List    Expr
	Updates []Clause
}

// Call is a procedure call: CALL ns.name(args) [YIELD items [WHERE expr]].
type Call struct {
	Span
	Namespace []string // the dotted prefix, e.g. ["db"] for db.labels
	Name      string
	// ArgsGiven reports whether an argument list was written; a standalone
	// call without one takes its arguments from parameters of the same name.
	ArgsGiven bool
	Args      []Expr
	YieldStar bool         // YIELD *
	Yield     []*YieldItem // nil when there is no YIELD (or YIELD *)
	Where     Expr         // WHERE after YIELD; nil when absent
	// Standalone reports that the statement consists of this call alone
	// (possibly with a YIELD but no further clause).
	Standalone bool
}

// YieldItem is one `field [AS alias]` of a YIELD.
type YieldItem struct {
	Span
	Field string
	Alias *Variable // nil when absent; the variable is then named Field
}

// CallSubquery is CALL [(scope vars)] { query } [IN TRANSACTIONS ...].
type CallSubquery struct {
	Span
	// Scope lists the variables imported with the Neo4j 5 `CALL (a, b) {`
	// form; ScopeGiven reports that a parenthesised list was written
	// (possibly empty, or ScopeAll for `CALL (*) {`).
	ScopeGiven     bool
	ScopeAll       bool
	Scope          []*Variable
	Optional       bool // OPTIONAL CALL { ... }
	Body           *Query
	InTransactions *InTransactions // nil when absent
}

// InTransactions is the IN TRANSACTIONS [OF n ROWS] [ON ERROR ...]
// [REPORT STATUS AS s] suffix of a CALL subquery.
type InTransactions struct {
	Span
	OfRows  Expr // nil when absent
	OnError OnError
	Report  *Variable // REPORT STATUS AS Report; nil when absent
}

// OnError is what CALL { } IN TRANSACTIONS does when an inner transaction
// fails.
type OnError uint8

// The ON ERROR behaviours.
const (
	OnErrorFail     OnError = iota // FAIL (the default): the statement fails
	OnErrorContinue                // CONTINUE: the next batches run
	OnErrorBreak                   // BREAK: no further batch runs
)

// String returns the behaviour's keyword.
func (o OnError) String() string {
	return [...]string{"FAIL", "CONTINUE", "BREAK"}[o]
}

// LoadCSV is LOAD CSV [WITH HEADERS] FROM url AS var [FIELDTERMINATOR 'c'].
type LoadCSV struct {
	Span
	WithHeaders     bool
	URL             Expr
	Var             *Variable
	FieldTerminator string // "" when absent
}

func (*Use) clauseNode()          {}
func (*Match) clauseNode()        {}
func (*With) clauseNode()         {}
func (*Return) clauseNode()       {}
func (*Unwind) clauseNode()       {}
func (*Create) clauseNode()       {}
func (*Merge) clauseNode()        {}
func (*Set) clauseNode()          {}
func (*Remove) clauseNode()       {}
func (*Delete) clauseNode()       {}
func (*Foreach) clauseNode()      {}
func (*Call) clauseNode()         {}
func (*CallSubquery) clauseNode() {}
func (*LoadCSV) clauseNode()      {}
func (*Finish) clauseNode()       {}
func (*Show) clauseNode()         {}

// ShowKind is what SHOW lists.
type ShowKind uint8

// Things SHOW lists.
const (
	ShowIndexes ShowKind = iota
	ShowConstraints
	ShowProcedures
	ShowFunctions
)

// Show is SHOW [filter] INDEXES|CONSTRAINTS|PROCEDURES|FUNCTIONS
// [YIELD ...] [WHERE ...]: a call of the matching listing procedure.
type Show struct {
	Span
	Kind ShowKind
	// Filter is the kind written before the noun, upper case with single
	// spaces ("RANGE", "UNIQUE", "BUILT IN"); "" when none.
	Filter    string
	YieldStar bool
	Yield     []*YieldItem
	// Page is the ORDER BY / SKIP / LIMIT after the YIELD items, as the
	// projection of a WITH * that follows (Where then filters its rows);
	// nil when absent.
	Page  *Projection
	Where Expr
}

func (*Let) clauseNode()          {}
func (*FilterClause) clauseNode() {}

// Finish is FINISH: the query ends and returns no rows.
type Finish struct {
	Span
}

// Let is LET x = e, ...: each item binds a new variable, as WITH *, e AS x.
type Let struct {
	Span
	Items []*LetItem
}

// LetItem is one `var = expr` of LET.
type LetItem struct {
	Span
	Var  *Variable
	Expr Expr
}

// FilterClause is FILTER [WHERE] expr: keeps the rows where expr is true.
type FilterClause struct {
	Span
	Where Expr
}

// Projection is the body of WITH and RETURN.
type Projection struct {
	Span
	Distinct bool
	Star     bool // `*` (possibly followed by further items)
	Items    []*ProjectionItem
	OrderBy  []*SortItem // nil when absent
	Skip     Expr        // nil when absent
	Limit    Expr        // nil when absent
}

// ProjectionItem is `expr [AS alias]`.
type ProjectionItem struct {
	Span
	Expr  Expr
	Alias *Variable // nil when absent
	// Text is the expression's source text exactly as written; it names the
	// column when there is no alias.
	Text string
}

// Name returns the column name: the alias if any; for a map projection
// of a variable, the variable; else Text.
func (p *ProjectionItem) Name() string {
	if p.Alias != nil {
		return p.Alias.Name
	}
	if m, ok := p.Expr.(*MapProjection); ok && m.Var != nil {
		return m.Var.Name // RETURN actor{.name} is column actor, as in Neo4j
	}
	return p.Text
}

// SortItem is one `expr [ASC|DESC]` of ORDER BY.
type SortItem struct {
	Span
	Expr Expr
	Desc bool
}

// SetItem is implemented by *SetProperty, *SetVariable and *SetLabels.
type SetItem interface {
	Node
	setItemNode()
}

// SetProperty is SET target = value where target is a property expression
// (n.p, or a more complex base such as (CASE ... END).p).
type SetProperty struct {
	Span
	Target *Property
	Value  Expr
}

// SetVariable is SET n = value (replace all properties) or SET n += value
// (Append: merge properties).
type SetVariable struct {
	Span
	Var    *Variable
	Value  Expr
	Append bool
}

// SetLabels is SET n:A:B, or with labels computed at run time,
// SET n:$(expr).
type SetLabels struct {
	Span
	Var    *Variable
	Labels []string
	// Dynamic are the `$(expr)` labels, after the static ones.
	Dynamic []Expr
}

func (*SetProperty) setItemNode() {}
func (*SetVariable) setItemNode() {}
func (*SetLabels) setItemNode()   {}

// RemoveItem is implemented by *RemoveProperty and *RemoveLabels.
type RemoveItem interface {
	Node
	removeItemNode()
}

// RemoveProperty is REMOVE n.p.
type RemoveProperty struct {
	Span
	Target *Property
}

// RemoveLabels is REMOVE n:A:B (or n:$(expr)).
type RemoveLabels struct {
	Span
	Var    *Variable
	Labels []string
	// Dynamic are the `$(expr)` labels, after the static ones.
	Dynamic []Expr
}

func (*RemoveProperty) removeItemNode() {}
func (*RemoveLabels) removeItemNode()   {}
