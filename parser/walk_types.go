package parser

import (
	"strings"

	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

// typeSynonyms maps the spellings GQL and Cypher accept for a value type to
// its canonical name (upper case, words joined by one space).
var typeSynonyms = map[string]string{
	"BOOLEAN": "BOOLEAN", "BOOL": "BOOLEAN",
	"STRING": "STRING", "VARCHAR": "STRING",
	"INTEGER": "INTEGER", "INT": "INTEGER", "SIGNED INTEGER": "INTEGER", "INTEGER64": "INTEGER", "INT64": "INTEGER",
	"FLOAT": "FLOAT", "FLOAT64": "FLOAT",
	"DATE":       "DATE",
	"LOCAL TIME": "LOCAL TIME", "TIME WITHOUT TIME ZONE": "LOCAL TIME",
	"ZONED TIME": "ZONED TIME", "TIME WITH TIME ZONE": "ZONED TIME",
	"LOCAL DATETIME": "LOCAL DATETIME", "TIMESTAMP WITHOUT TIME ZONE": "LOCAL DATETIME",
	"ZONED DATETIME": "ZONED DATETIME", "TIMESTAMP WITH TIME ZONE": "ZONED DATETIME",
	"DURATION": "DURATION",
	"POINT":    "POINT",
	"NODE":     "NODE", "ANY NODE": "NODE", "VERTEX": "NODE", "ANY VERTEX": "NODE",
	"RELATIONSHIP": "RELATIONSHIP", "ANY RELATIONSHIP": "RELATIONSHIP", "EDGE": "RELATIONSHIP", "ANY EDGE": "RELATIONSHIP",
	"MAP": "MAP", "ANY MAP": "MAP",
	"PATH": "PATH", "ANY PATH": "PATH",
	"LIST": "LIST", "ARRAY": "LIST",
	"VECTOR": "VECTOR",
	"ANY":    "ANY", "ANY VALUE": "ANY",
	"PROPERTY VALUE": "PROPERTY VALUE", "ANY PROPERTY VALUE": "PROPERTY VALUE",
	"NOTHING": "NOTHING",
	"NULL":    "NULL",
}

// valueType reads the type of a type predicate: its words (with the GQL
// synonyms), a LIST<...> element type or ANY<...> union, the postfix
// `T LIST` form and a NOT NULL (or `!`) suffix.
// typeUnion is one type, or ANY<A | B> for the union A | B.
func (w *walker) typeUnion(ctx grammar.ITypeUnionContext) *ast.ValueType {
	c := ctx.(*grammar.TypeUnionContext)
	ts := c.AllCypherType()
	if len(ts) == 1 {
		return w.valueType(ts[0])
	}
	t := &ast.ValueType{Span: w.span(c), Name: "ANY"}
	for _, it := range ts {
		t.Alts = append(t.Alts, w.valueType(it))
	}
	return t
}

func (w *walker) valueType(ctx grammar.ICypherTypeContext) *ast.ValueType {
	c := ctx.(*grammar.CypherTypeContext)
	sp := w.span(c)
	if !w.enter(sp) {
		return &ast.ValueType{Span: sp, Name: "ANY"}
	}
	defer w.leave()
	words := w.typeWords(c.TypeWords().(*grammar.TypeWordsContext))
	t := &ast.ValueType{Span: sp, NotNull: c.NOT() != nil || c.BANG() != nil}
	inner := c.AllCypherType()
	// `INTEGER LIST`, `STRING ARRAY`: the GQL postfix list form.
	if n := len(words); n > 1 && (words[n-1] == "LIST" || words[n-1] == "ARRAY") && len(inner) == 0 {
		elemName := strings.Join(words[:n-1], " ")
		canon, ok := typeSynonyms[elemName]
		if !ok {
			w.unknownType(elemName, sp)
			return t
		}
		t.Name = "LIST"
		t.Elem = &ast.ValueType{Span: sp, Name: canon}
		return t
	}
	name := strings.Join(words, " ")
	canon, ok := typeSynonyms[name]
	if !ok {
		w.unknownType(name, sp)
		return t
	}
	t.Name = canon
	switch {
	case len(inner) == 0:
	case canon == "LIST" && len(inner) == 1:
		t.Elem = w.valueType(inner[0])
	case canon == "ANY":
		for _, it := range inner {
			t.Alts = append(t.Alts, w.valueType(it))
		}
	default:
		w.fail(syntaxErr(DetailUnexpectedSyntax, "type %s takes no type arguments", canon).
			WithHint("only LIST<T> and ANY<T1 | T2> take type arguments"), sp)
	}
	return t
}

func (w *walker) typeWords(c *grammar.TypeWordsContext) []string {
	var words []string
	for _, k := range c.GetChildren() {
		if tn, ok := k.(interface{ GetText() string }); ok {
			words = append(words, strings.ToUpper(tn.GetText()))
		}
	}
	return words
}

func (w *walker) unknownType(name string, sp ast.Span) {
	w.fail(syntaxErr(DetailUnexpectedSyntax, "unknown type %s in a type predicate", name).
		WithHint("use one of BOOLEAN, STRING, INTEGER, FLOAT, DATE, LOCAL TIME, ZONED TIME, LOCAL DATETIME, ZONED DATETIME, DURATION, POINT, NODE, RELATIONSHIP, MAP, PATH, LIST<T>, ANY, NOTHING, NULL"), sp)
}
