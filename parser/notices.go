package parser

import (
	"fmt"
	"strings"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
)

// Notice is advice about a statement that parsed: a form that is valid but
// deprecated or easy to misread. It does not stop the query.
type Notice struct {
	Pos     cyqerr.Pos
	Message string
	Hint    string
}

// orEqualities is the length from which an OR chain of equalities on one
// property gets a notice.
const orEqualities = 8

// Notices returns advice about st, whose source text is src: the old
// relationship type form `[:A|:B]`, the removed exists(n.prop) function,
// and long OR chains of equalities on one property (write IN [...]).
func Notices(st *ast.Statement, src string) []Notice {
	var out []Notice
	seen := map[*ast.Binary]bool{} // OR chains already looked at
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Binary:
			if n.Op == ast.OpOr && !seen[n] {
				if prop, count := orOfEqualities(n, seen); count >= orEqualities {
					out = append(out, Notice{Pos: cyqerr.PosOf(src, n.Start),
						Message: fmt.Sprintf("%d equalities on %s are joined by OR", count, prop),
						Hint:    fmt.Sprintf("write %s IN [v1, v2, ...] (or IN $list): shorter, and planned as one lookup", prop)})
				}
			}
		case *ast.LabelOr:
			if n.Colon {
				out = append(out, Notice{Pos: cyqerr.PosOf(src, n.Start),
					Message: "the `:A|:B` form of alternative relationship types is deprecated",
					Hint:    "write `:A|B`"})
			}
		case *ast.FunctionCall:
			if len(n.Namespace) == 0 && strings.EqualFold(n.Name, "exists") && len(n.Args) == 1 {
				if _, isProp := n.Args[0].(*ast.Property); isProp {
					out = append(out, Notice{Pos: cyqerr.PosOf(src, n.Start),
						Message: "exists(n.prop) is deprecated (removed in Neo4j 5)",
						Hint:    "write n.prop IS NOT NULL"})
				}
			}
		}
		return true
	})
	return out
}

// orOfEqualities walks the OR chain rooted at b (marking its nodes seen)
// and, when every operand compares the same property with a value
// (n.p = v or v = n.p), returns that property's text and the count.
func orOfEqualities(b *ast.Binary, seen map[*ast.Binary]bool) (string, int) {
	var operands []ast.Expr
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		if x, ok := e.(*ast.Binary); ok && x.Op == ast.OpOr {
			seen[x] = true
			walk(x.Left)
			walk(x.Right)
			return
		}
		operands = append(operands, e)
	}
	walk(b)
	prop := ""
	for _, o := range operands {
		c, ok := o.(*ast.Comparison)
		if !ok || len(c.Ops) != 1 || c.Ops[0] != ast.CmpEq {
			return "", 0
		}
		var p *ast.Property
		for i, side := range c.Operands {
			if x, ok := side.(*ast.Property); ok {
				if _, isVar := x.Expr.(*ast.Variable); isVar {
					if _, other := c.Operands[1-i].(*ast.Property); !other {
						p = x
					}
				}
			}
		}
		if p == nil {
			return "", 0
		}
		text := ast.FormatExpr(p)
		if prop != "" && text != prop {
			return "", 0
		}
		prop = text
	}
	return prop, len(operands)
}
