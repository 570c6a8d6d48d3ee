package logical

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// Op is a logical operator.
type Op interface {
	// Name is the operator's name in EXPLAIN.
	Name() string
	// Detail is the operator's arguments in EXPLAIN.
	Detail() string
	// String is the operator's line in EXPLAIN: its name, then its
	// details when there are any.
	String() string
	// Breaker reports whether the operator materialises its input before
	// producing rows (aggregation, sort, eager buffering).
	Breaker() bool
	// Children are the nested pipelines the operator owns (subqueries,
	// optional and merge branches, FOREACH bodies); nil for operators that
	// own none. The pipeline the operator sits in is not among them.
	Children() []*Pipeline
	// WithChildren returns a copy of the operator with its nested
	// pipelines replaced by children, given in the order Children returns
	// them; it fails when their number differs.
	WithChildren(children ...*Pipeline) (Op, error)
}

// format is an operator's String: Name, then Detail when not empty.
func format(o Op) string {
	if d := o.Detail(); d != "" {
		return o.Name() + " " + d
	}
	return o.Name()
}

// noChildren is WithChildren for an operator that owns no pipelines.
func noChildren(o Op, children []*Pipeline) (Op, error) {
	if len(children) != 0 {
		return nil, childCountError(o, len(children), 0)
	}
	return o, nil
}

// oneChild checks that WithChildren got exactly one pipeline.
func oneChild(o Op, children []*Pipeline) error {
	if len(children) != 1 {
		return childCountError(o, len(children), 1)
	}
	return nil
}

func childCountError(o Op, got, want int) error {
	return fmt.Errorf("logical: %s takes %d nested pipelines, got %d", o.Name(), want, got)
}

// internalName matches the planner's internal variable names as the AST
// printer quotes them.
var internalName = regexp.MustCompile("` ([A-Za-z]+[0-9]+)`")

// expr renders an expression for EXPLAIN with the AST printer; the
// planner's internal names (anonymous pattern parts) print as _name.
func expr(e ast.Expr) string {
	if e == nil {
		return ""
	}
	return internalName.ReplaceAllString(ast.FormatExpr(e), "_$1")
}

// exprs renders expressions separated by commas.
func exprs(es []ast.Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = expr(e)
	}
	return strings.Join(parts, ", ")
}

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
