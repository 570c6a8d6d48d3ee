package parser

import (
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

// Notices returns advice about st, whose source text is src: the old
// relationship type form `[:A|:B]` and the removed exists(n.prop) function.
func Notices(st *ast.Statement, src string) []Notice {
	var out []Notice
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
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
