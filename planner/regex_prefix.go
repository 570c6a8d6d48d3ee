package planner

import (
	"regexp/syntax"
	"strings"

	"github.com/cyqdb/cyq/parser/ast"
)

// regexPrefix reads `s =~ 'prefix.*'`, where the pattern is a literal
// string then any characters, newlines included ((?s), or [\s\S] and
// the like), as `s STARTS WITH 'prefix'`: =~ matches the whole string,
// so the two agree on every string, and both are null when either side
// is not a string. Written as STARTS WITH, the test is what index range
// seeks and the prefix estimates read. A case-insensitive literal, a
// dot that stops at newlines, or any other construct leaves the
// pattern alone; so does one Go's parser rejects (Java syntax the
// matcher translates).
func regexPrefix(x *ast.StringMatch) (ast.Expr, bool) {
	lit, ok := x.Right.(*ast.Literal)
	if x.Op != ast.StrRegex || !ok || lit.Kind != ast.LitString {
		return nil, false
	}
	re, err := syntax.Parse(lit.Str, syntax.Perl)
	if err != nil {
		return nil, false
	}
	re = re.Simplify()
	var prefix strings.Builder
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	}
	if len(subs) == 0 {
		return nil, false
	}
	last := subs[len(subs)-1]
	if last.Op != syntax.OpStar || len(last.Sub) != 1 || !anyChar(last.Sub[0]) {
		return nil, false
	}
	for _, s := range subs[:len(subs)-1] {
		if s.Op != syntax.OpLiteral || s.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		prefix.WriteString(string(s.Rune))
	}
	p := &ast.Literal{Span: lit.Span, Kind: ast.LitString, Str: prefix.String()}
	return &ast.StringMatch{Span: x.Span, Op: ast.StrStartsWith, Left: x.Left, Right: p}, true
}

// anyChar reports whether re matches any one character, newline included.
func anyChar(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpAnyChar:
		return true
	case syntax.OpCharClass:
		return len(re.Rune) == 2 && re.Rune[0] == 0 && re.Rune[1] == 0x10FFFF
	}
	return false
}
