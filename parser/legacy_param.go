package parser

import (
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/grammar"
)

// legacyParameter recognises the `{param}` form of parameters, removed in
// Cypher 4 and still common in older answers, at or just before the
// offending token toks[at], and offers the `$param` form.
func (w *walker) legacyParameter(toks []antlr.Token, at int) *cyqerr.Error {
	for i := max(at-2, 0); i <= at && i+2 < len(toks); i++ {
		if !isLegacyParam(toks, i) {
			continue
		}
		name := toks[i+1].GetText()
		e := syntaxErr(DetailUnexpectedSyntax, "the {%s} form of parameters is no longer supported", strings.Trim(name, "`")).
			WithHint("write parameters as $%s", name)
		e = w.errAt(e, toks[i])
		e.EndOff = w.tokSpan(toks[i+2]).End
		// Rewrite every {param} of the statement, last first so that the
		// spans stay valid.
		fix := w.src
		for j := len(toks) - 3; j >= 0; j-- {
			if isLegacyParam(toks, j) {
				fix = fix[:w.tokSpan(toks[j]).Start] + "$" + toks[j+1].GetText() + fix[w.tokSpan(toks[j+2]).End:]
			}
		}
		if len(fix) <= maxSuggestLen && parsesCleanly(fix) {
			e.Fix = fix
		}
		return e
	}
	return nil
}

// isLegacyParam reports whether toks[i:i+3] is `{ name }` not preceded by
// a name (which would make it a map projection `n {v}`).
func isLegacyParam(toks []antlr.Token, i int) bool {
	if toks[i].GetTokenType() != grammar.CypherLexerLBRACE || toks[i+2].GetTokenType() != grammar.CypherLexerRBRACE {
		return false
	}
	switch toks[i+1].GetTokenType() {
	case grammar.CypherLexerUnescapedSymbolicName, grammar.CypherLexerEscapedSymbolicName, grammar.CypherLexerDecimalInteger:
	default:
		return false
	}
	if i > 0 {
		switch toks[i-1].GetTokenType() {
		case grammar.CypherLexerUnescapedSymbolicName, grammar.CypherLexerEscapedSymbolicName:
			return false
		}
	}
	return true
}
