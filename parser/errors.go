package parser

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

// Error details this package produces (cyqerr.Error.Detail). SyntaxError
// details follow the openCypher TCK's names where one exists.
const (
	DetailUnexpectedSyntax           = "UnexpectedSyntax"
	DetailInvalidNumberLiteral       = "InvalidNumberLiteral"
	DetailInvalidUnicodeLiteral      = "InvalidUnicodeLiteral"
	DetailInvalidUnicodeCharacter    = "InvalidUnicodeCharacter"
	DetailInvalidEscapeSequence      = "InvalidEscapeSequence"
	DetailIntegerOverflow            = "IntegerOverflow"
	DetailFloatingPointOverflow      = "FloatingPointOverflow"
	DetailNoExpressionAlias          = "NoExpressionAlias"
	DetailInvalidRelationshipPattern = "InvalidRelationshipPattern"
	DetailInvalidClauseComposition   = "InvalidClauseComposition"
	DetailInputTooLarge              = "InputTooLarge"
	DetailNestingDepth               = "NestingDepth"
	DetailChainLength                = "ChainLength"
	// DetailUnsupported (a SemanticError) names a construct of Cypher 5 /
	// 25 or GQL that cyq recognises but does not support.
	DetailUnsupported = "Unsupported"
)

// KnownDetails lists every (Type, Detail) pair Parse can return.
var KnownDetails = map[cyqerr.Type][]string{
	cyqerr.SyntaxError: {DetailUnexpectedSyntax, DetailInvalidNumberLiteral, DetailInvalidUnicodeLiteral,
		DetailInvalidUnicodeCharacter, DetailInvalidEscapeSequence, DetailIntegerOverflow,
		DetailFloatingPointOverflow, DetailNoExpressionAlias, DetailInvalidRelationshipPattern,
		DetailInvalidClauseComposition},
	cyqerr.LimitExceeded: {DetailInputTooLarge, DetailNestingDepth, DetailChainLength},
	cyqerr.SemanticError: {DetailUnsupported},
}

// ------------------------------------------------------------------ lexer

// lexer wraps the generated lexer and records its first error.
type lexer struct {
	*grammar.CypherLexer
	err *lexFault
}

// lexFault is the first character the lexer could not match.
type lexFault struct {
	charIdx int // rune index into the lexed text
}

func newLexer(src string) *lexer {
	l := &lexer{CypherLexer: grammar.NewCypherLexer(antlr.NewInputStream(src))}
	l.RemoveErrorListeners()
	l.AddErrorListener(&lexListener{l: l})
	return l
}

type lexListener struct {
	antlr.DefaultErrorListener
	l *lexer
}

// SyntaxError records where the first unmatchable character is.
func (ll *lexListener) SyntaxError(rec antlr.Recognizer, _ any, _, _ int, _ string, _ antlr.RecognitionException) {
	if ll.l.err == nil {
		ll.l.err = &lexFault{charIdx: ll.l.TokenStartCharIndex}
	}
}

func (w *walker) lexError(f *lexFault) *cyqerr.Error {
	off := w.byteOff(f.charIdx)
	r, size := utf8.DecodeRuneInString(w.src[off:])
	at := func(e *cyqerr.Error, end int) *cyqerr.Error {
		e.At(w.src, off)
		e.EndOff = end
		return e
	}
	switch r {
	case '\'', '"':
		return at(syntaxErr(DetailUnexpectedSyntax, "string literal starting at %s is not closed", cyqerr.PosOf(w.src, off)).
			WithHint("end the string with a matching %c (escape quotes inside it as \\%c)", r, r), off+size)
	case '`':
		return at(syntaxErr(DetailUnexpectedSyntax, "quoted name starting at %s is not closed", cyqerr.PosOf(w.src, off)).
			WithHint("end the name with a backtick; write `` for a backtick inside it"), off+size)
	}
	if r >= utf8.RuneSelf {
		e := syntaxErr(DetailInvalidUnicodeCharacter, "unexpected character %q (U+%04X)", r, r)
		if fix, ok := unicodeLookalikes[r]; ok {
			e.WithHint("%q looks like %q; type the ASCII character instead", r, fix)
			e.Fix = w.src[:off] + fix + w.src[off+size:]
		}
		return at(e, off+size)
	}
	return at(syntaxErr(DetailUnexpectedSyntax, "unexpected character %q", r), off+size)
}

// unicodeLookalikes maps characters that word processors substitute to the
// ASCII characters Cypher expects.
var unicodeLookalikes = map[rune]string{
	'\u2014': "-", '\u2013': "-", '\u2212': "-", '\u2010': "-", '\u2011': "-",
	'\u2018': "'", '\u2019': "'", '\u201C': `"`, '\u201D': `"`,
	'\u00D7': "*", '\u2260': "<>", '\u2264': "<=", '\u2265': ">=", '\u2192': "->", '\u2190': "<-",
}

// --------------------------------------------------------- token pre-scan

var bracketPairs = map[int]int{
	grammar.CypherLexerRPAREN: grammar.CypherLexerLPAREN,
	grammar.CypherLexerRBRACK: grammar.CypherLexerLBRACK,
	grammar.CypherLexerRBRACE: grammar.CypherLexerLBRACE,
}

// preScan rejects invalid number literals and input nested deeper than the
// limit before the (recursive) parser sees it.
func (w *walker) preScan(toks []antlr.Token) *cyqerr.Error {
	depth, bangs := 0, 0
	var prev antlr.Token
	for i, t := range toks {
		if t.GetChannel() != antlr.TokenDefaultChannel {
			continue
		}
		p := prev
		prev = t
		switch t.GetTokenType() {
		case grammar.CypherLexerInvalidNumber:
			sp := w.tokSpan(t)
			e := syntaxErr(DetailInvalidNumberLiteral, "invalid number literal %q", t.GetText()).
				WithHint("numbers are decimal (42, 1.5, 1e3), hexadecimal (0x2A) or octal (0o52); names cannot start with a digit")
			if p != nil && (p.GetTokenType() == grammar.CypherLexerLBRACE || p.GetTokenType() == grammar.CypherLexerCOMMA) &&
				nextDefault(toks, i).GetTokenType() == grammar.CypherLexerCOLON {
				e = syntaxErr(DetailUnexpectedSyntax, "map key %q starts with a digit", t.GetText()).
					WithHint("quote the key with backticks: `%s`", t.GetText())
			}
			e.At(w.src, sp.Start)
			e.EndOff = sp.End
			return e
		case grammar.CypherLexerBANG:
			// Label negations nest without brackets: !!!!A.
			if p != nil && p.GetTokenType() == grammar.CypherLexerBANG {
				bangs++
			} else {
				bangs = 1
			}
			if bangs > w.maxDepth {
				e := cyqerr.Compile(cyqerr.LimitExceeded, DetailNestingDepth,
					"query nesting is deeper than the limit of %d", w.maxDepth)
				return e.At(w.src, w.tokSpan(t).Start)
			}
		case grammar.CypherLexerLPAREN, grammar.CypherLexerLBRACK, grammar.CypherLexerLBRACE:
			depth++
			if depth > w.maxDepth {
				e := cyqerr.Compile(cyqerr.LimitExceeded, DetailNestingDepth,
					"query nesting is deeper than the limit of %d", w.maxDepth)
				return e.At(w.src, w.tokSpan(t).Start)
			}
		case grammar.CypherLexerRPAREN, grammar.CypherLexerRBRACK, grammar.CypherLexerRBRACE:
			depth--
		}
	}
	return nil
}

func nextDefault(toks []antlr.Token, i int) antlr.Token {
	for j := i + 1; j < len(toks); j++ {
		if toks[j].GetChannel() == antlr.TokenDefaultChannel {
			return toks[j]
		}
	}
	return toks[len(toks)-1]
}

// ---------------------------------------------------- syntax error messages

// translateSyntaxError turns the parser's first error into a cyqerr.Error
// that says what is wrong in Cypher terms.
func (w *walker) translateSyntaxError(all []antlr.Token, f *syntaxFault) *cyqerr.Error {
	toks := make([]antlr.Token, 0, len(all))
	for _, t := range all {
		if t.GetChannel() == antlr.TokenDefaultChannel {
			toks = append(toks, t)
		}
	}
	// Index of the offending token among the default-channel tokens.
	at := len(toks) - 1
	if f.tok != nil {
		for i, t := range toks {
			if t.GetTokenIndex() == f.tok.GetTokenIndex() {
				at = i
				break
			}
		}
	}
	if at < 0 {
		return syntaxErr(DetailUnexpectedSyntax, "empty query").At(w.src, 0)
	}
	if e := w.unsupportedForm(toks, at); e != nil {
		return e
	}
	if e := w.commonMistake(toks, at); e != nil {
		return e
	}
	if e := w.legacyParameter(toks, at); e != nil {
		return e
	}
	if e := w.badRange(toks, at); e != nil {
		return e
	}
	if e := w.unbalanced(toks); e != nil {
		return e
	}
	if e := w.misspelledKeyword(toks, at); e != nil {
		return e
	}
	return w.generic(toks, at, f)
}

func (w *walker) errAt(e *cyqerr.Error, t antlr.Token) *cyqerr.Error {
	sp := w.tokSpan(t)
	if t.GetTokenType() == antlr.TokenEOF {
		sp = ast.Span{Start: w.base + w.pieceLen, End: w.base + w.pieceLen}
	}
	e.At(w.src, sp.Start)
	e.EndOff = sp.End
	return e
}

func adjacent(a, b antlr.Token) bool { return a.GetStop()+1 == b.GetStart() }

// replaceTokens returns the source with the text from token a through
// token b replaced by repl.
func (w *walker) replaceTokens(a, b antlr.Token, repl string) string {
	return w.src[:w.tokSpan(a).Start] + repl + w.src[w.tokSpan(b).End:]
}

// commonMistake recognises operators and keywords from other languages.
func (w *walker) commonMistake(toks []antlr.Token, at int) *cyqerr.Error {
	limit := min(at+1, len(toks)-1)
	for i := limit; i >= 0; i-- {
		t := toks[i]
		tt := t.GetTokenType()
		if i+1 < len(toks) && adjacent(t, toks[i+1]) {
			nt := toks[i+1].GetTokenType()
			var e *cyqerr.Error
			var repl string
			switch {
			case tt == grammar.CypherLexerEQ && nt == grammar.CypherLexerEQ:
				e, repl = syntaxErr(DetailUnexpectedSyntax, "'==' is not a Cypher operator").WithHint("use = to compare for equality"), "="
			case tt == grammar.CypherLexerBANG && nt == grammar.CypherLexerEQ:
				e, repl = syntaxErr(DetailUnexpectedSyntax, "'!=' is not a Cypher operator").WithHint("use <> for inequality"), "<>"
			case tt == grammar.CypherLexerAMP && nt == grammar.CypherLexerAMP:
				e, repl = syntaxErr(DetailUnexpectedSyntax, "'&&' is not a Cypher operator").WithHint("use AND"), "AND"
			case tt == grammar.CypherLexerSLASH && nt == grammar.CypherLexerSTAR:
				e = syntaxErr(DetailUnexpectedSyntax, "comment starting at %s is not closed", cyqerr.PosOf(w.src, w.tokSpan(t).Start)).
					WithHint("end the comment with */")
				return w.errAt(e, t)
			}
			if e != nil {
				e = w.errAt(e, t)
				e.EndOff = w.tokSpan(toks[i+1]).End
				e.Fix = w.replaceTokens(t, toks[i+1], repl)
				return e
			}
		}
		if tt == grammar.CypherLexerUnescapedSymbolicName && strings.EqualFold(t.GetText(), "LIKE") && i > 0 {
			e := syntaxErr(DetailUnexpectedSyntax, "LIKE is not a Cypher operator").
				WithHint("use CONTAINS, STARTS WITH, ENDS WITH, or =~ with a regular expression (e.g. name =~ '(?i)ab.*')")
			if i+1 < len(toks) && toks[i+1].GetTokenType() == grammar.CypherLexerStringLiteral {
				if fix, ok := likeFix(toks[i+1].GetText()); ok {
					e.Fix = w.replaceTokens(t, toks[i+1], fix)
				}
			}
			return w.errAt(e, t)
		}
	}
	return nil
}

// badRange recognises a malformed variable-length relationship such as
// [:T..2] (missing *) or [:T*-2] (negative bound).
func (w *walker) badRange(toks []antlr.Token, at int) *cyqerr.Error {
	t := toks[at]
	tt := t.GetTokenType()
	if tt != grammar.CypherLexerDOTDOT && tt != grammar.CypherLexerMINUS {
		return nil
	}
	// Find the enclosing `[` and check that it opens a relationship (-[).
	star := false
	for i := at - 1; i >= 0; i-- {
		switch toks[i].GetTokenType() {
		case grammar.CypherLexerSTAR:
			star = true
		case grammar.CypherLexerLBRACK:
			if i == 0 || toks[i-1].GetTokenType() != grammar.CypherLexerMINUS {
				return nil
			}
			var e *cyqerr.Error
			switch {
			case tt == grammar.CypherLexerDOTDOT && !star:
				e = syntaxErr(DetailInvalidRelationshipPattern, "variable-length relationship is missing its '*'").
					WithHint("write the length as *min..max, e.g. [:T*1..3]")
				e.Fix = w.src[:w.tokSpan(t).Start] + "*" + w.src[w.tokSpan(t).Start:]
			case tt == grammar.CypherLexerMINUS && star:
				e = syntaxErr(DetailInvalidRelationshipPattern, "variable-length bounds cannot be negative").
					WithHint("write the length as *min..max with 0 <= min <= max, e.g. [:T*1..3]")
			default:
				return nil
			}
			return w.errAt(e, t)
		case grammar.CypherLexerRBRACK, grammar.CypherLexerLPAREN, grammar.CypherLexerRPAREN:
			return nil
		}
	}
	return nil
}

// likeFix rewrites LIKE 'pattern' into the nearest Cypher predicate.
func likeFix(quoted string) (string, bool) {
	q := quoted[:1]
	body := quoted[1 : len(quoted)-1]
	if strings.ContainsAny(body, "_\\") {
		return "", false
	}
	inner := strings.Trim(body, "%")
	if strings.Contains(inner, "%") {
		return "", false
	}
	lit := q + inner + q
	switch {
	case strings.HasPrefix(body, "%") && strings.HasSuffix(body, "%") && len(body) >= 2:
		return "CONTAINS " + lit, true
	case strings.HasSuffix(body, "%"):
		return "STARTS WITH " + lit, true
	case strings.HasPrefix(body, "%"):
		return "ENDS WITH " + lit, true
	}
	return "= " + lit, true
}

var closerName = map[int]string{
	grammar.CypherLexerLPAREN: "(", grammar.CypherLexerLBRACK: "[", grammar.CypherLexerLBRACE: "{",
	grammar.CypherLexerRPAREN: ")", grammar.CypherLexerRBRACK: "]", grammar.CypherLexerRBRACE: "}",
}

var closerFor = map[int]string{
	grammar.CypherLexerLPAREN: ")", grammar.CypherLexerLBRACK: "]", grammar.CypherLexerLBRACE: "}",
}

// unbalanced reports the first bracket that is never closed or closed by the
// wrong bracket.
func (w *walker) unbalanced(toks []antlr.Token) *cyqerr.Error {
	var stack []antlr.Token
	for _, t := range toks {
		tt := t.GetTokenType()
		switch tt {
		case grammar.CypherLexerLPAREN, grammar.CypherLexerLBRACK, grammar.CypherLexerLBRACE:
			stack = append(stack, t)
		case grammar.CypherLexerRPAREN, grammar.CypherLexerRBRACK, grammar.CypherLexerRBRACE:
			if len(stack) == 0 {
				return w.errAt(syntaxErr(DetailUnexpectedSyntax, "'%s' has no matching '%s'", closerName[tt], closerName[bracketPairs[tt]]).
					WithHint("remove it, or add the missing '%s' before it", closerName[bracketPairs[tt]]), t)
			}
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if open.GetTokenType() != bracketPairs[tt] {
				op := w.tokSpan(open)
				return w.errAt(syntaxErr(DetailUnexpectedSyntax, "'%s' does not match the '%s' opened at %s",
					closerName[tt], closerName[open.GetTokenType()], cyqerr.PosOf(w.src, op.Start)).
					WithHint("close the '%s' with '%s' first", closerName[open.GetTokenType()], closerFor[open.GetTokenType()]), t)
			}
		}
	}
	if len(stack) > 0 {
		open := stack[len(stack)-1]
		op := w.tokSpan(open)
		e := w.errAt(syntaxErr(DetailUnexpectedSyntax, "'%s' opened at %s is never closed",
			closerName[open.GetTokenType()], cyqerr.PosOf(w.src, op.Start)).
			WithHint("add the missing '%s'", closerFor[open.GetTokenType()]), open)
		return e
	}
	return nil
}

// keywords that are worth suggesting for a misspelled word.
var suggestKeywords = []string{
	"MATCH", "OPTIONAL", "WHERE", "RETURN", "WITH", "CREATE", "MERGE", "DELETE", "DETACH", "SET",
	"REMOVE", "UNWIND", "ORDER", "LIMIT", "SKIP", "UNION", "CALL", "YIELD", "FOREACH", "DISTINCT",
	"CONTAINS", "STARTS", "ENDS", "EXISTS", "CASE", "WHEN", "THEN", "ELSE", "END", "NULL", "TRUE",
	"FALSE", "AND", "XOR", "NOT", "DESC", "ASC", "LOAD", "HEADERS", "INDEX", "CONSTRAINT", "EXPLAIN",
	"PROFILE", "FIELDTERMINATOR", "DESCENDING", "ASCENDING", "UNIQUE", "REQUIRE",
}

// misspelledKeyword suggests the nearest keyword for a name that stands
// where a keyword was expected.
func (w *walker) misspelledKeyword(toks []antlr.Token, at int) *cyqerr.Error {
	if w.pieceLen > maxSuggestLen {
		return nil
	}
	for _, i := range []int{at, at - 1} {
		if i < 0 || i >= len(toks) {
			continue
		}
		t := toks[i]
		if t.GetTokenType() != grammar.CypherLexerUnescapedSymbolicName {
			continue
		}
		word := strings.ToUpper(t.GetText())
		type cand struct {
			kw   string
			dist int
		}
		var cands []cand
		for _, kw := range suggestKeywords {
			d := EditDistance(word, kw)
			maxD := 1
			if len(kw) >= 5 {
				maxD = 2
			}
			if d > 0 && d <= maxD {
				cands = append(cands, cand{kw, d})
			}
		}
		sort.SliceStable(cands, func(a, b int) bool { return cands[a].dist < cands[b].dist })
		for _, c := range cands {
			fixed := w.replaceTokens(t, t, c.kw)
			fixedPiece := fixed[w.base : w.base+w.pieceLen+len(c.kw)-len(t.GetText())]
			if parsesCleanly(fixedPiece) {
				e := w.errAt(syntaxErr(DetailUnexpectedSyntax, "unexpected %q; did you mean %s?", t.GetText(), c.kw).
					WithHint("%s is not a keyword; the nearest keyword is %s", t.GetText(), c.kw), t)
				e.Fix = fixed
				return e
			}
		}
	}
	return nil
}

// maxSuggestLen bounds the statements for which a suggested fix is checked
// by parsing it again, so that bad input cannot cost many full parses.
const maxSuggestLen = 16 << 10

// parsesCleanly reports whether src parses without a syntax error.
func parsesCleanly(src string) bool {
	lex := newLexer(src)
	stream := antlr.NewCommonTokenStream(lex, antlr.TokenDefaultChannel)
	stream.Fill()
	if lex.err != nil {
		return false
	}
	_, f := parseTokens(stream)
	return f == nil
}

// EditDistance is the optimal-string-alignment distance (Levenshtein plus
// adjacent transpositions, so MACTH -> MATCH is 1).
func EditDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func (w *walker) generic(toks []antlr.Token, at int, f *syntaxFault) *cyqerr.Error {
	t := toks[at]
	expected := expectedNames(f.expected)
	var e *cyqerr.Error
	if t.GetTokenType() == antlr.TokenEOF {
		e = syntaxErr(DetailUnexpectedSyntax, "unexpected end of query")
	} else {
		e = syntaxErr(DetailUnexpectedSyntax, "unexpected %s", describeToken(t))
	}
	if len(expected) > 0 {
		e.Message += "; expected " + joinOr(expected)
	}
	if _, closer := bracketPairs[t.GetTokenType()]; closer && at > 0 && toks[at-1].GetTokenType() == grammar.CypherLexerCOMMA {
		comma := toks[at-1]
		e.WithHint("remove the trailing comma")
		e.Fix = w.replaceTokens(comma, comma, "")
		return w.errAt(e, comma)
	}
	if at > 0 && toks[at-1].GetTokenType() == grammar.CypherLexerSEMI && t.GetTokenType() != antlr.TokenEOF {
		e.WithHint("Parse takes one statement; use ParseScript for several `;`-separated statements")
	} else if w.missingAS(toks, at) {
		e.WithHint("to name a column write `expression AS %s`", t.GetText())
		e.Fix = w.src[:w.tokSpan(t).Start] + "AS " + w.src[w.tokSpan(t).Start:]
	}
	return w.errAt(e, t)
}

// missingAS reports whether toks[at] is a name right after an expression in
// a RETURN or WITH projection, where `AS` makes the query parse.
func (w *walker) missingAS(toks []antlr.Token, at int) bool {
	t := toks[at]
	if at == 0 || w.pieceLen > maxSuggestLen || (t.GetTokenType() != grammar.CypherLexerUnescapedSymbolicName && t.GetTokenType() != grammar.CypherLexerEscapedSymbolicName) {
		return false
	}
	switch toks[at-1].GetTokenType() {
	case grammar.CypherLexerRPAREN, grammar.CypherLexerRBRACK, grammar.CypherLexerRBRACE,
		grammar.CypherLexerUnescapedSymbolicName, grammar.CypherLexerEscapedSymbolicName,
		grammar.CypherLexerStringLiteral, grammar.CypherLexerDecimalInteger, grammar.CypherLexerFloatLiteral,
		grammar.CypherLexerHexInteger, grammar.CypherLexerOctalInteger, grammar.CypherLexerNULL,
		grammar.CypherLexerTRUE, grammar.CypherLexerFALSE:
	default:
		return false
	}
	for i := at - 1; i >= 0; i-- {
		switch toks[i].GetTokenType() {
		case grammar.CypherLexerRETURN, grammar.CypherLexerWITH:
			start := w.tokSpan(t).Start
			fixed := w.src[w.base:start] + "AS " + w.src[start:w.base+w.pieceLen]
			return parsesCleanly(fixed)
		case grammar.CypherLexerMATCH, grammar.CypherLexerWHERE, grammar.CypherLexerCREATE, grammar.CypherLexerMERGE,
			grammar.CypherLexerSET, grammar.CypherLexerUNWIND, grammar.CypherLexerDELETE, grammar.CypherLexerORDER:
			return false
		}
	}
	return false
}

func describeToken(t antlr.Token) string {
	text := t.GetText()
	switch t.GetTokenType() {
	case grammar.CypherLexerUnescapedSymbolicName, grammar.CypherLexerEscapedSymbolicName:
		return fmt.Sprintf("name %s", text)
	case grammar.CypherLexerStringLiteral:
		return fmt.Sprintf("string %s", text)
	case grammar.CypherLexerDecimalInteger, grammar.CypherLexerHexInteger, grammar.CypherLexerOctalInteger, grammar.CypherLexerFloatLiteral:
		return fmt.Sprintf("number %s", text)
	}
	if isKeywordToken(t.GetTokenType()) {
		return fmt.Sprintf("keyword %s", strings.ToUpper(text))
	}
	return fmt.Sprintf("'%s'", text)
}

func isKeywordToken(tt int) bool {
	grammar.CypherParserInit()
	names := grammar.CypherParserStaticData.LiteralNames
	if tt <= 0 || tt >= len(names) {
		return false
	}
	n := names[tt]
	return len(n) > 2 && n[1] >= 'A' && n[1] <= 'Z'
}

// expectedNames renders token types for a message: keywords and
// punctuation, with everything that can start an expression (or a name)
// summarised; at most ten entries.
func expectedNames(types []int) []string {
	grammar.CypherParserInit()
	lit := grammar.CypherParserStaticData.LiteralNames
	name := contains(types, grammar.CypherLexerUnescapedSymbolicName)
	expr := name && contains(types, grammar.CypherLexerDecimalInteger)
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	switch {
	case expr:
		add("an expression")
	case name:
		add("a name")
	}
	for _, tt := range types {
		switch {
		case tt == antlr.TokenEOF:
			add("end of query")
		case expr && exprStart[tt], name && isKeywordToken(tt):
			continue
		case tt == grammar.CypherLexerUnescapedSymbolicName || tt == grammar.CypherLexerEscapedSymbolicName:
			continue
		case tt == grammar.CypherLexerStringLiteral:
			add("a string")
		case tt == grammar.CypherLexerDecimalInteger || tt == grammar.CypherLexerHexInteger ||
			tt == grammar.CypherLexerOctalInteger || tt == grammar.CypherLexerFloatLiteral:
			add("a number")
		case tt > 0 && tt < len(lit) && lit[tt] != "":
			if isKeywordToken(tt) {
				add(strings.Trim(lit[tt], "'"))
			} else {
				add(lit[tt])
			}
		}
	}
	if len(out) > 10 {
		out = append(out[:10], "...")
	}
	return out
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// exprStart holds the tokens that can start an expression (besides names).
var exprStart = map[int]bool{}

func init() {
	for _, t := range []int{grammar.CypherLexerLPAREN, grammar.CypherLexerLBRACK, grammar.CypherLexerLBRACE,
		grammar.CypherLexerDOLLAR, grammar.CypherLexerMINUS, grammar.CypherLexerPLUS, grammar.CypherLexerNOT,
		grammar.CypherLexerCASE, grammar.CypherLexerEXISTS, grammar.CypherLexerNULL, grammar.CypherLexerTRUE,
		grammar.CypherLexerFALSE, grammar.CypherLexerALL, grammar.CypherLexerStringLiteral,
		grammar.CypherLexerFloatLiteral, grammar.CypherLexerHexInteger, grammar.CypherLexerOctalInteger,
		grammar.CypherLexerDecimalInteger} {
		exprStart[t] = true
	}
	for _, t := range []int{grammar.CypherLexerCOUNT, grammar.CypherLexerANY, grammar.CypherLexerNONE,
		grammar.CypherLexerSINGLE, grammar.CypherLexerFILTER, grammar.CypherLexerEXTRACT, grammar.CypherLexerREDUCE,
		grammar.CypherLexerCOLLECT, grammar.CypherLexerEXPLAIN, grammar.CypherLexerPROFILE, grammar.CypherLexerCSV,
		grammar.CypherLexerHEADERS, grammar.CypherLexerFIELDTERMINATOR, grammar.CypherLexerINDEX,
		grammar.CypherLexerFULLTEXT, grammar.CypherLexerVECTOR, grammar.CypherLexerTEXT, grammar.CypherLexerPOINT,
		grammar.CypherLexerRANGE, grammar.CypherLexerLOOKUP, grammar.CypherLexerEACH, grammar.CypherLexerOPTIONS,
		grammar.CypherLexerIF, grammar.CypherLexerKEY, grammar.CypherLexerNODE, grammar.CypherLexerRELATIONSHIP,
		grammar.CypherLexerREL, grammar.CypherLexerROWS, grammar.CypherLexerROW, grammar.CypherLexerTRANSACTIONS,
		grammar.CypherLexerTYPED, grammar.CypherLexerASSERT, grammar.CypherLexerOFFSET,
		grammar.CypherLexerSHORTESTPATH, grammar.CypherLexerALLSHORTESTPATHS, grammar.CypherLexerUSE,
		grammar.CypherLexerLOAD, grammar.CypherLexerYIELD, grammar.CypherLexerCALL, grammar.CypherLexerFOREACH,
		grammar.CypherLexerFROM} {
		exprStart[t] = true // soft keywords: they can be names
	}
}

func joinOr(xs []string) string {
	switch len(xs) {
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " or " + xs[1]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// unsupportedForms are constructs of Cypher 5 / 25 and GQL that cyq does
// not support, recognised by their words so that the error names them:
// words (upper case) that must stand in a row, what to call the
// construct, and a rewrite.
var unsupportedForms = []struct {
	words     []string
	construct string
	hint      string
}{
	{[]string{"IN", "CONCURRENT", "TRANSACTIONS"}, "CALL { } IN CONCURRENT TRANSACTIONS",
		"drop CONCURRENT: cyq has one writer, so CALL { } IN TRANSACTIONS runs its batches one after another"},
	{[]string{"REPEATABLE", "ELEMENTS"}, "the REPEATABLE ELEMENTS match mode",
		"drop it: cyq matches with DIFFERENT RELATIONSHIPS (no relationship twice in one MATCH); for walks between two nodes use SHORTEST k WALK"},
	{[]string{"NEXT"}, "NEXT (sequential query composition)",
		"pass the rows on with WITH instead: ... RETURN x NEXT MATCH ... becomes ... WITH x MATCH ..."},
	{[]string{"INSERT"}, "GQL INSERT",
		"use CREATE: INSERT (n:L {k: 1}) is CREATE (n:L {k: 1})"},
	{[]string{"SHOW", "DATABASES"}, "SHOW DATABASES", "cyq supports SHOW INDEXES, CONSTRAINTS, PROCEDURES and FUNCTIONS"},
	{[]string{"SHOW", "DATABASE"}, "SHOW DATABASE", "cyq supports SHOW INDEXES, CONSTRAINTS, PROCEDURES and FUNCTIONS"},
	{[]string{"SHOW", "USERS"}, "SHOW USERS", "cyq has no users; it supports SHOW INDEXES, CONSTRAINTS, PROCEDURES and FUNCTIONS"},
	{[]string{"SHOW", "TRANSACTIONS"}, "SHOW TRANSACTIONS", "cyq supports SHOW INDEXES, CONSTRAINTS, PROCEDURES and FUNCTIONS"},
	{[]string{"SHOW", "SETTINGS"}, "SHOW SETTINGS", "cyq supports SHOW INDEXES, CONSTRAINTS, PROCEDURES and FUNCTIONS"},
	{[]string{"CREATE", "DATABASE"}, "CREATE DATABASE", "open another graph of the store with USE name or the API's OnGraph"},
	{[]string{"CREATE", "COMPOSITE"}, "CREATE COMPOSITE DATABASE", "cyq has no composite databases"},
	{[]string{"ASSERT", "EXISTS"}, "the ASSERT exists(n.prop) constraint form (removed in Neo4j 5)",
		"write CREATE CONSTRAINT [name] FOR (n:Label) REQUIRE n.prop IS NOT NULL"},
	{[]string{"DROP", "CONSTRAINT", "ON"}, "dropping a constraint by its schema (DROP CONSTRAINT ON ..., removed in Neo4j 5)",
		"drop it by name: SHOW CONSTRAINTS lists the names, then DROP CONSTRAINT name"},
	{[]string{"BTREE", "INDEX"}, "the BTREE index kind (replaced by RANGE in Neo4j 5)",
		"write CREATE INDEX [name] FOR (n:Label) ON (n.prop), a RANGE index"},
	{[]string{"SHOW", "BTREE"}, "the BTREE index kind (replaced by RANGE in Neo4j 5)", "write SHOW RANGE INDEXES"},
	{[]string{"INDEXES", "BRIEF"}, "SHOW INDEXES BRIEF (removed in Neo4j 5)", "write SHOW INDEXES, or SHOW INDEXES YIELD * for every column"},
	{[]string{"INDEXES", "VERBOSE"}, "SHOW INDEXES VERBOSE (removed in Neo4j 5)", "write SHOW INDEXES YIELD * for every column"},
	{[]string{"CONSTRAINTS", "BRIEF"}, "SHOW CONSTRAINTS BRIEF (removed in Neo4j 5)", "write SHOW CONSTRAINTS, or SHOW CONSTRAINTS YIELD * for every column"},
	{[]string{"CONSTRAINTS", "VERBOSE"}, "SHOW CONSTRAINTS VERBOSE (removed in Neo4j 5)", "write SHOW CONSTRAINTS YIELD * for every column"},
}

// unsupportedForm reports a known construct cyq does not support at or
// just before the offending token, as a SemanticError.Unsupported that
// names it.
func (w *walker) unsupportedForm(toks []antlr.Token, at int) *cyqerr.Error {
	for _, f := range unsupportedForms {
		n := len(f.words)
		// The phrase holds the offending token or ends just before it
		// (SHOW DATABASES <EOF>).
		for start := max(0, at-n); start <= at && start+n <= len(toks); start++ {
			match := true
			for k, word := range f.words {
				if !strings.EqualFold(toks[start+k].GetText(), word) {
					match = false
					break
				}
			}
			if match {
				return w.errAt(cyqerr.Compile(cyqerr.SemanticError, DetailUnsupported, "%s is not supported", f.construct).WithHint("%s", f.hint), toks[start])
			}
		}
	}
	return nil
}
