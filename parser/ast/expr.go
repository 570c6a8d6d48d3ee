package ast

// Expr is implemented by every expression node.
type Expr interface {
	Node
	exprNode()
}

// LiteralKind is the kind of a Literal.
type LiteralKind uint8

// Literal kinds.
const (
	LitNull LiteralKind = iota
	LitBool
	LitInt
	LitFloat
	LitString
)

// Literal is null, true/false, an integer, a float or a string. Only the
// field matching Kind is meaningful. A negative integer literal such as
// -9223372036854775808 is folded into one Literal.
type Literal struct {
	Span
	Kind  LiteralKind
	Bool  bool
	Int   int64
	Float float64
	Str   string // the decoded string value
}

// ListLiteral is [a, b, c].
type ListLiteral struct {
	Span
	Items []Expr
}

// MapLiteral is {k: v, ...}. Entries keep source order.
type MapLiteral struct {
	Span
	Entries []*MapEntry
}

// MapEntry is one `key: value` of a MapLiteral.
type MapEntry struct {
	Span
	Key   string
	Value Expr
}

// Parameter is $name or $0 (Name is then "0").
type Parameter struct {
	Span
	Name string
}

// Variable is a reference to (or the declaration of) a variable.
type Variable struct {
	Span
	Name string
}

// Property is Expr.Key.
type Property struct {
	Span
	Expr Expr
	Key  string
}

// Index is Expr[Index] (list element or dynamic property/map access).
type Index struct {
	Span
	Expr  Expr
	Index Expr
}

// Slice is Expr[From..To]; From and To may each be nil.
type Slice struct {
	Span
	Expr Expr
	From Expr
	To   Expr
}

// BinaryOp is the operator of a Binary expression.
type BinaryOp uint8

// Binary operators, lowest precedence first.
const (
	OpOr BinaryOp = iota
	OpXor
	OpAnd
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	OpPow
)

// Binary is Left Op Right for the boolean and arithmetic operators.
type Binary struct {
	Span
	Op          BinaryOp
	Left, Right Expr
}

// UnaryOp is the operator of a Unary expression.
type UnaryOp uint8

// Unary operators.
const (
	OpNot UnaryOp = iota
	OpNeg
	OpPlus
)

// Unary is NOT x, -x or +x.
type Unary struct {
	Span
	Op   UnaryOp
	Expr Expr
}

// CompareOp is a comparison operator.
type CompareOp uint8

// Comparison operators.
const (
	CmpEq CompareOp = iota // =
	CmpNe                  // <>
	CmpLt                  // <
	CmpGt                  // >
	CmpLe                  // <=
	CmpGe                  // >=
)

// Comparison is a chain Operands[0] Ops[0] Operands[1] Ops[1] ...; `a < b
// <= c` means `a < b AND b <= c` with b evaluated once. len(Ops) ==
// len(Operands)-1 >= 1.
type Comparison struct {
	Span
	Operands []Expr
	Ops      []CompareOp
}

// IsNull is `Expr IS NULL`, or `Expr IS NOT NULL` when Not is set.
type IsNull struct {
	Span
	Expr Expr
	Not  bool
}

// TypePredicate is `Expr IS :: Type` (also written `Expr IS TYPED Type`
// and `Expr :: Type`), or `Expr IS NOT :: Type` when Not is set.
type TypePredicate struct {
	Span
	Expr Expr
	Not  bool
	Type *ValueType
}

// ValueType is a type of the GQL / Cypher type system as a type predicate
// names it. Name is the canonical name: BOOLEAN, STRING, INTEGER, FLOAT,
// DATE, LOCAL TIME, ZONED TIME, LOCAL DATETIME, ZONED DATETIME, DURATION,
// POINT, NODE, RELATIONSHIP, MAP, PATH, LIST, VECTOR, ANY, PROPERTY VALUE,
// NOTHING or NULL.
type ValueType struct {
	Span
	Name string
	// Elem is the element type of LIST (nil: LIST<ANY>).
	Elem *ValueType
	// Alts are the members of a union ANY<A | B>; nil otherwise.
	Alts []*ValueType
	// NotNull marks `NOT NULL` (or `!`).
	NotNull bool
}

// StringOp is the operator of a StringMatch.
type StringOp uint8

// String predicate operators.
const (
	StrStartsWith StringOp = iota // STARTS WITH
	StrEndsWith                   // ENDS WITH
	StrContains                   // CONTAINS
	StrRegex                      // =~
)

// StringMatch is Left STARTS WITH / ENDS WITH / CONTAINS / =~ Right.
type StringMatch struct {
	Span
	Op          StringOp
	Left, Right Expr
}

// In is Expr IN List.
type In struct {
	Span
	Expr Expr
	List Expr
}

// FunctionCall is ns.name([DISTINCT] args) or count(*).
type FunctionCall struct {
	Span
	Namespace []string // dotted prefix, e.g. ["vector", "similarity"]
	Name      string   // as written (function names are case-insensitive)
	Distinct  bool
	Args      []Expr
	Star      bool // count(*)
}

// Case is CASE [Subject] WHEN ... THEN ... [ELSE ...] END. Subject is nil
// for the searched form.
type Case struct {
	Span
	Subject Expr
	Whens   []*CaseWhen
	Else    Expr // nil when absent
}

// CaseWhen is one WHEN When THEN Then of a Case.
type CaseWhen struct {
	Span
	When Expr
	Then Expr
}

// ListComprehension is [Var IN In WHERE Where | Map]; Where and Map may be
// nil.
type ListComprehension struct {
	Span
	Var   *Variable
	In    Expr
	Where Expr
	Map   Expr
}

// QuantifierKind is the kind of a Quantifier.
type QuantifierKind uint8

// Quantifier kinds.
const (
	QuantAll QuantifierKind = iota
	QuantAny
	QuantNone
	QuantSingle
)

// Quantifier is all/any/none/single(Var IN In WHERE Where); Where may be nil.
type Quantifier struct {
	Span
	Kind  QuantifierKind
	Var   *Variable
	In    Expr
	Where Expr
}

// Reduce is reduce(Acc = Init, Var IN In | Expr).
type Reduce struct {
	Span
	Acc  *Variable
	Init Expr
	Var  *Variable
	In   Expr
	Expr Expr
}

// PatternExpr is a pattern used as a predicate (it is true when at least one
// match exists), e.g. WHERE (a)-->(b).
type PatternExpr struct {
	Span
	// Kind is PathShortest or PathAllShortest for a shortestPath(...) or
	// allShortestPaths(...) expression, whose value is the path(s) found.
	Kind    PathKind
	Element *PatternElement
}

// PatternComprehension is [PathVar = pattern WHERE Where | Map].
type PatternComprehension struct {
	Span
	PathVar *Variable // nil when absent
	Element *PatternElement
	Where   Expr // nil when absent
	Map     Expr
}

// ExistsSubquery is EXISTS { pattern [WHERE expr] } or EXISTS { query }.
// Exactly one of Pattern and Query is set.
type ExistsSubquery struct {
	Span
	Pattern *Pattern
	Where   Expr
	Query   *Query
}

// CountSubquery is COUNT { pattern [WHERE expr] } or COUNT { query }.
// Exactly one of Pattern and Query is set.
type CountSubquery struct {
	Span
	Pattern *Pattern
	Where   Expr
	Query   *Query
}

// CollectSubquery is COLLECT { query } (Neo4j 5).
type CollectSubquery struct {
	Span
	Query *Query
}

// MapProjection is Var{items}.
type MapProjection struct {
	Span
	Var   *Variable
	Items []*MapProjectionItem
}

// MapProjectionKind is the kind of a MapProjectionItem.
type MapProjectionKind uint8

// Map projection item kinds.
const (
	MapProjProperty MapProjectionKind = iota // .key
	MapProjLiteral                           // key: expr
	MapProjVariable                          // variable (key = its name)
	MapProjAll                               // .*
)

// MapProjectionItem is one item of a MapProjection. Key is set for
// MapProjProperty, MapProjLiteral and MapProjVariable; Expr for
// MapProjLiteral (the expression) and MapProjVariable (the *Variable).
type MapProjectionItem struct {
	Span
	Kind MapProjectionKind
	Key  string
	Expr Expr
}

// LabelPredicate is Expr:Labels, e.g. n:Person or n:A|B.
type LabelPredicate struct {
	Span
	Expr   Expr
	Labels LabelExpr
}

func (*Literal) exprNode()              {}
func (*ListLiteral) exprNode()          {}
func (*MapLiteral) exprNode()           {}
func (*Parameter) exprNode()            {}
func (*Variable) exprNode()             {}
func (*Property) exprNode()             {}
func (*Index) exprNode()                {}
func (*Slice) exprNode()                {}
func (*Binary) exprNode()               {}
func (*Unary) exprNode()                {}
func (*Comparison) exprNode()           {}
func (*IsNull) exprNode()               {}
func (*TypePredicate) exprNode()        {}
func (*StringMatch) exprNode()          {}
func (*In) exprNode()                   {}
func (*FunctionCall) exprNode()         {}
func (*Case) exprNode()                 {}
func (*ListComprehension) exprNode()    {}
func (*Quantifier) exprNode()           {}
func (*Reduce) exprNode()               {}
func (*PatternExpr) exprNode()          {}
func (*PatternComprehension) exprNode() {}
func (*ExistsSubquery) exprNode()       {}
func (*CountSubquery) exprNode()        {}
func (*CollectSubquery) exprNode()      {}
func (*MapProjection) exprNode()        {}
func (*LabelPredicate) exprNode()       {}
