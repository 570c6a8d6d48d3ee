package ast

// Pattern is a comma-separated list of pattern parts, as in MATCH and CREATE.
type Pattern struct {
	Span
	Parts []*PatternPart
}

// PathKind says how a pattern part is matched.
type PathKind uint8

// Path kinds.
const (
	PathPlain       PathKind = iota // (a)-->(b)
	PathShortest                    // shortestPath((a)-[*]->(b))
	PathAllShortest                 // allShortestPaths((a)-[*]->(b))
)

// PatternPart is [var =] element, or [var =] shortestPath(element), or
// [var =] selector mode element (GQL and Cypher 5: `p = SHORTEST 1 ...`).
type PatternPart struct {
	Span
	Var      *Variable // path variable; nil when absent
	Kind     PathKind
	Selector *PathSelector // nil when absent
	Mode     PathMode
	Element  *PatternElement
}

// SelectorKind is the kind of a path selector.
type SelectorKind uint8

// Path selector kinds.
const (
	SelectAll         SelectorKind = iota // ALL
	SelectAny                             // ANY [k]
	SelectAnyShortest                     // ANY SHORTEST
	SelectAllShortest                     // ALL SHORTEST
	SelectShortest                        // SHORTEST k [GROUPS]
)

// PathSelector is a GQL path selector: ALL, ANY [k], ANY SHORTEST,
// ALL SHORTEST, SHORTEST k, SHORTEST k GROUPS.
type PathSelector struct {
	Span
	Kind SelectorKind
	// Count is k of ANY k and SHORTEST k; nil when not written (1).
	Count *int64
	// Groups marks SHORTEST k GROUPS.
	Groups bool
}

// PathMode is a GQL path mode.
type PathMode uint8

// Path modes.
const (
	ModeDefault PathMode = iota // none written: cyq matches trails
	ModeWalk                    // WALK
	ModeTrail                   // TRAIL
	ModeAcyclic                 // ACYCLIC
	ModeSimple                  // SIMPLE
)

// String returns the mode's keyword ("" for ModeDefault).
func (m PathMode) String() string {
	return [...]string{"", "WALK", "TRAIL", "ACYCLIC", "SIMPLE"}[m]
}

// PathQuantifier is the repetition of a quantified relationship or
// quantified path pattern: `+` ({1,}), `*` ({0,}), `{n}`, `{m,n}`, `{m,}`,
// `{,n}`.
type PathQuantifier struct {
	Span
	Min int64
	Max *int64 // nil: unbounded
}

// QuantifiedPath is a quantified path pattern `((x)-[r]->(y) WHERE ...){m,n}`.
// Its variables are group variables: lists, one element per iteration,
// outside the pattern.
type QuantifiedPath struct {
	Span
	Element *PatternElement
	Where   Expr // nil when absent
	Quant   *PathQuantifier
}

// PatternElement is a chain of node patterns joined by relationship
// patterns: Nodes[0] Rels[0] Nodes[1] ... Rels[n-1] Nodes[n].
// len(Rels) == len(Nodes)-1.
type PatternElement struct {
	Span
	Nodes []*NodePattern
	Rels  []*RelPattern
}

// NodePattern is (var :labels {props} WHERE expr).
type NodePattern struct {
	Span
	Var    *Variable // nil when anonymous
	Labels LabelExpr // nil when absent
	Props  Expr      // *MapLiteral or *Parameter; nil when absent
	Where  Expr      // Neo4j 5 inline WHERE; nil when absent
	// Implicit marks the node that stands, unwritten, before, between or
	// after quantified path patterns (`((a)-->(b))+` has two).
	Implicit bool
}

// Direction is the direction of a relationship pattern.
type Direction uint8

// Directions.
const (
	DirNone  Direction = iota // -[]-  either direction
	DirRight                  // -[]->
	DirLeft                   // <-[]-
	DirBoth                   // <-[]-> (matches either direction, like DirNone)
)

// RelPattern is -[var :types *min..max {props} WHERE expr]->.
type RelPattern struct {
	Span
	Var       *Variable // nil when anonymous
	Direction Direction
	Types     LabelExpr // nil when absent; see TypeNames
	VarLength *Range    // nil for a single hop
	Props     Expr      // *MapLiteral or *Parameter; nil when absent
	Where     Expr      // Neo4j 5 inline WHERE; nil when absent
	// Quant is the quantifier of a quantified relationship (`-[:R]->+`);
	// nil when absent.
	Quant *PathQuantifier
	// Group, when set, makes this link a quantified path pattern between
	// the nodes around it; the other fields are then empty.
	Group *QuantifiedPath
}

// Quantified reports whether the link is a quantified relationship or a
// quantified path pattern.
func (r *RelPattern) Quantified() bool { return r.Quant != nil || r.Group != nil }

// TypeNames returns the relationship types when Types is absent (nil, true)
// or a plain disjunction `:A|B` / `:A|:B` of names; ok is false for other
// label expressions (negation, conjunction, wildcard).
func (r *RelPattern) TypeNames() (names []string, ok bool) {
	switch t := r.Types.(type) {
	case nil:
		return nil, true
	case *LabelName:
		return []string{t.Name}, true
	case *LabelOr:
		for _, it := range t.Items {
			n, isName := it.(*LabelName)
			if !isName {
				return nil, false
			}
			names = append(names, n.Name)
		}
		return names, true
	}
	return nil, false
}

// Range is the variable-length part of a relationship pattern: `*` (both
// nil), `*n` (Min == Max), `*n..m`, `*..m`, `*n..`.
type Range struct {
	Span
	Min *int64 // nil when not written
	Max *int64 // nil when not written (unbounded)
	// Dots reports that `..` was written (so `*2` and `*2..` differ).
	Dots bool
}

// LabelExpr is a label (or relationship type) expression. Implemented by
// *LabelName, *LabelAnd, *LabelOr, *LabelNot and *LabelWildcard.
type LabelExpr interface {
	Node
	labelExprNode()
}

// LabelName is a single label or type name.
type LabelName struct {
	Span
	Name string
}

// LabelAnd is a conjunction. Colon reports the openCypher 9 form `:A:B`
// rather than `:A&B`.
type LabelAnd struct {
	Span
	Items []LabelExpr
	Colon bool
}

// LabelOr is a disjunction `A|B`. Colon reports the old form `:A|:B`.
type LabelOr struct {
	Span
	Items []LabelExpr
	Colon bool
}

// LabelNot is the negation `!A`.
type LabelNot struct {
	Span
	Expr LabelExpr
}

// LabelWildcard is `%`, any label.
type LabelWildcard struct {
	Span
}

// LabelDynamic is `$(expr)` (all of the labels expr names, a string or a
// list of strings) or `$any(expr)` (any of them), evaluated at run time.
type LabelDynamic struct {
	Span
	Expr Expr
	Any  bool
}

func (*LabelName) labelExprNode()     {}
func (*LabelAnd) labelExprNode()      {}
func (*LabelOr) labelExprNode()       {}
func (*LabelNot) labelExprNode()      {}
func (*LabelWildcard) labelExprNode() {}
func (*LabelDynamic) labelExprNode()  {}

// HasDynamic reports whether the label expression e has a `$(expr)` part.
func HasDynamic(e LabelExpr) bool {
	switch t := e.(type) {
	case *LabelDynamic:
		return true
	case *LabelAnd:
		for _, it := range t.Items {
			if HasDynamic(it) {
				return true
			}
		}
	case *LabelOr:
		for _, it := range t.Items {
			if HasDynamic(it) {
				return true
			}
		}
	case *LabelNot:
		return HasDynamic(t.Expr)
	}
	return false
}

// SimpleLabels returns the label names when e is nil (nil, true), a single
// name or a conjunction of names (`:A:B` or `:A&B`); ok is false otherwise.
func SimpleLabels(e LabelExpr) (names []string, ok bool) {
	switch t := e.(type) {
	case nil:
		return nil, true
	case *LabelName:
		return []string{t.Name}, true
	case *LabelAnd:
		for _, it := range t.Items {
			sub, ok := SimpleLabels(it)
			if !ok || sub == nil {
				return nil, false
			}
			names = append(names, sub...)
		}
		return names, true
	}
	return nil, false
}
