package logical

import (
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// KeyCount binds Into to the number of rows of Build, a pipeline that
// reads nothing of the row (only parameters), whose keys equal the row's
// and that pass the pair tests, and drops rows where that number is
// zero: the rows a ValueJoin on the same keys followed by a filter of
// the equalities and the tests would yield for the row, counted without
// listing them. Build runs once, when the first row arrives, keeping per
// key the number of its rows and their Ord values. A pair passes when
// Ord is empty or ProbeOrd Ord BuildOrd is true (Ord one of <, <=, >,
// >=), and for every i, Differ[i][0] (a node or relationship of the
// row) is not Differ[i][1] (one of the build's): an equal entity or a
// null one fails the test. A null or NaN key matches nothing.
type KeyCount struct {
	Build     *Pipeline
	ProbeKeys []ast.Expr
	BuildKeys []ast.Expr
	ProbeOrd  ast.Expr
	BuildOrd  ast.Expr
	Ord       ast.CompareOp
	Differ    [][2]string
	Into      string
	// Corr lists the row's nodes Build reads (the correlation): Build
	// runs once per distinct tuple of them, and its rows are kept
	// under them too (the first len(Corr) keys on both sides).
	Corr []string
}

var _ Op = (*KeyCount)(nil)

// Name implements Op.
func (KeyCount) Name() string { return "KeyCount" }

// String implements Op.
func (o KeyCount) String() string { return format(o) }

// Breaker implements Op.
func (KeyCount) Breaker() bool { return false }

// Children implements Op: the build pipeline.
func (o KeyCount) Children() []*Pipeline { return []*Pipeline{o.Build} }

// WithChildren implements Op.
func (o KeyCount) WithChildren(children ...*Pipeline) (Op, error) {
	if err := oneChild(o, children); err != nil {
		return nil, err
	}
	o.Build = children[0]
	return o, nil
}

// HasOrd reports whether the pairs are tested by an ordering.
func (o KeyCount) HasOrd() bool { return o.ProbeOrd != nil }

// Detail implements Op.
func (o KeyCount) Detail() string {
	var b strings.Builder
	b.WriteString("pairs (" + exprs(o.ProbeKeys) + ") = (" + exprs(o.BuildKeys) + ")")
	if o.HasOrd() {
		b.WriteString(" and " + expr(&ast.Comparison{Ops: []ast.CompareOp{o.Ord}, Operands: []ast.Expr{o.ProbeOrd, o.BuildOrd}}))
	}
	for _, d := range o.Differ {
		b.WriteString(" and " + d[0] + " <> " + d[1])
	}
	if len(o.Corr) > 0 {
		b.WriteString(" counted by key, built once per " + strings.Join(o.Corr, ", "))
	} else {
		b.WriteString(" counted by key, built once")
	}
	names := make([]string, len(o.Build.Ops))
	for i, op := range o.Build.Ops {
		names[i] = op.String()
	}
	b.WriteString(" {" + strings.Join(names, " > ") + "}")
	return b.String()
}
