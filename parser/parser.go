package parser

import (
	"container/list"
	"fmt"
	"sync"

	"github.com/antlr4-go/antlr/v4"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/grammar"
	"github.com/cyqdb/cyq/parser/ast"
)

// Default limits.
const (
	DefaultMaxInputSize = 1 << 20 // bytes
	DefaultMaxDepth     = 256     // nesting levels of brackets and expressions
	DefaultMaxChain     = 4096    // operands of one operator chain (a OR b OR ...)
	DefaultCacheSize    = 1024    // statements
	// maxCachedText is the longest statement text the cache keeps, and
	// maxCacheBytes the total text it keeps: an AST takes memory in
	// proportion to its text, so a few huge scripts must not pin memory.
	maxCachedText = 64 << 10
	maxCacheBytes = 16 << 20
)

// Options configure a Parser. The zero value of a field means its default.
type Options struct {
	// MaxInputSize is the largest accepted source text in bytes.
	MaxInputSize int
	// MaxDepth bounds nesting (brackets, sub-expressions, subqueries).
	// A chain of one operator (a OR b OR c, a + b - c) is not nesting: it
	// counts once, however long.
	MaxDepth int
	// MaxChain bounds the operands of one operator chain (OR, XOR, AND,
	// + and -, *, / and %, ^).
	MaxChain int
	// CacheSize is the number of parsed statements kept, keyed by text; a
	// negative value disables the cache. Statements longer than 64 KiB are
	// not cached, and the cached texts total at most 16 MiB.
	CacheSize int
}

// Option changes one setting of Options.
type Option func(*Options)

// WithMaxInputSize sets Options.MaxInputSize.
func WithMaxInputSize(n int) Option { return func(o *Options) { o.MaxInputSize = n } }

// WithMaxDepth sets Options.MaxDepth.
func WithMaxDepth(n int) Option { return func(o *Options) { o.MaxDepth = n } }

// WithMaxChain sets Options.MaxChain.
func WithMaxChain(n int) Option { return func(o *Options) { o.MaxChain = n } }

// WithCacheSize sets Options.CacheSize (negative disables the cache).
func WithCacheSize(n int) Option { return func(o *Options) { o.CacheSize = n } }

// EnsureDefaults fills zero fields with their defaults and returns o.
func (o Options) EnsureDefaults() Options {
	if o.MaxInputSize <= 0 {
		o.MaxInputSize = DefaultMaxInputSize
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxChain <= 0 {
		o.MaxChain = DefaultMaxChain
	}
	if o.CacheSize == 0 {
		o.CacheSize = DefaultCacheSize
	}
	return o
}

// Parser parses Cypher text into ASTs under fixed options, caching the
// results of Parse by source text. A Parser is safe for concurrent use. The
// returned statements are shared between callers and must not be modified.
type Parser struct {
	opts Options

	mu    sync.Mutex
	lru   *list.List // of *cacheEntry, most recent first
	index map[string]*list.Element
	bytes int // total length of the cached texts
}

type cacheEntry struct {
	src  string
	stmt *ast.Statement
}

// New returns a Parser with the given options.
func New(opts ...Option) *Parser {
	var o Options
	for _, f := range opts {
		f(&o)
	}
	o = o.EnsureDefaults()
	p := &Parser{opts: o}
	if o.CacheSize > 0 {
		p.lru = list.New()
		p.index = make(map[string]*list.Element)
	}
	return p
}

// Options returns the parser's effective options.
func (p *Parser) Options() Options { return p.opts }

var defaultParser = New()

// Parse parses one statement (an optional trailing `;` is allowed) with the
// given options. Without options it uses a shared Parser and its cache.
func Parse(src string, opts ...Option) (*ast.Statement, error) {
	if len(opts) == 0 {
		return defaultParser.Parse(src)
	}
	return New(append(opts, WithCacheSize(-1))...).Parse(src)
}

// ParseScript parses a script of `;`-separated statements (for the shell
// and the importer) with default options. Spans are offsets into src.
func ParseScript(src string) ([]*ast.Statement, error) {
	return defaultParser.ParseScript(src)
}

// Parse parses one statement. Every error is a *cyqerr.Error: a
// SyntaxError at compile time, or LimitExceeded for oversized or too
// deeply nested input.
func (p *Parser) Parse(src string) (*ast.Statement, error) {
	if st := p.cached(src); st != nil {
		return st, nil
	}
	st, err := p.parse(src, src, 0)
	if err != nil {
		return nil, err
	}
	p.store(src, st)
	return st, nil
}

// ParseScript parses several `;`-separated statements. Empty statements are
// skipped; `;` inside strings and comments does not split.
func (p *Parser) ParseScript(src string) ([]*ast.Statement, error) {
	if err := p.checkSize(src); err != nil {
		return nil, err
	}
	lex := newLexer(src)
	var out []*ast.Statement
	start := 0
	flush := func(end int, nonEmpty bool) error {
		if !nonEmpty {
			return nil
		}
		st, err := p.parse(src, src[start:end], start)
		if err != nil {
			return err
		}
		out = append(out, st)
		return nil
	}
	nonEmpty := false
	w := newWalker(src, 0, len(src), p.opts.MaxDepth, p.opts.MaxChain)
	for {
		t := lex.NextToken()
		if lex.err != nil {
			return nil, w.lexError(lex.err)
		}
		tt := t.GetTokenType()
		if tt == antlr.TokenEOF {
			break
		}
		if t.GetChannel() != antlr.TokenDefaultChannel {
			continue
		}
		if tt == grammar.CypherLexerSEMI {
			end := w.byteOff(t.GetStart())
			if err := flush(end, nonEmpty); err != nil {
				return nil, err
			}
			start, nonEmpty = end+1, false
			continue
		}
		nonEmpty = true
	}
	if err := flush(len(src), nonEmpty); err != nil {
		return nil, err
	}
	return out, nil
}

func (p *Parser) checkSize(src string) error {
	if len(src) > p.opts.MaxInputSize {
		return cyqerr.Compile(cyqerr.LimitExceeded, "InputTooLarge",
			"query text is %d bytes, more than the limit of %d", len(src), p.opts.MaxInputSize).
			WithHint("split the work into smaller queries, or pass large values as parameters")
	}
	return nil
}

// parse parses piece, which starts at byte offset base of the full text.
func (p *Parser) parse(full, piece string, base int) (*ast.Statement, error) {
	if err := p.checkSize(full); err != nil {
		return nil, err
	}
	w := newWalker(full, base, base+len(piece), p.opts.MaxDepth, p.opts.MaxChain)
	lex := newLexer(piece)
	stream := antlr.NewCommonTokenStream(lex, antlr.TokenDefaultChannel)
	stream.Fill()
	if lex.err != nil {
		return nil, w.lexError(lex.err)
	}
	if err := w.preScan(stream.GetAllTokens()); err != nil {
		return nil, err
	}
	tree, synErr := parseTokens(stream)
	if synErr != nil {
		return nil, w.translateSyntaxError(stream.GetAllTokens(), synErr)
	}
	st := w.statement(tree.Statement().(*grammar.StatementContext))
	if w.err != nil {
		return nil, w.err
	}
	return st, nil
}

// parseTokens runs the two-stage parse: SLL prediction first, full LL only
// when SLL reports an error. It returns the first syntax error of the LL
// pass.
func parseTokens(stream *antlr.CommonTokenStream) (*grammar.StatementEOFContext, *syntaxFault) {
	if tree, f := runParser(stream, antlr.PredictionModeSLL); f == nil {
		return tree, nil
	}
	stream.Seek(0)
	return runParser(stream, antlr.PredictionModeLL)
}

func runParser(stream *antlr.CommonTokenStream, mode int) (tree *grammar.StatementEOFContext, fault *syntaxFault) {
	p := grammar.NewCypherParser(stream)
	p.RemoveErrorListeners()
	l := &faultListener{}
	p.AddErrorListener(l)
	p.SetErrorHandler(&bailStrategy{DefaultErrorStrategy: antlr.NewDefaultErrorStrategy()})
	p.GetInterpreter().SetPredictionMode(mode)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				if l.fault == nil {
					l.fault = &syntaxFault{msg: fmt.Sprint(r)}
				}
			}
			tree, fault = nil, l.fault
			if fault == nil {
				fault = &syntaxFault{msg: "syntax error"}
			}
		}
	}()
	tree = p.StatementEOF().(*grammar.StatementEOFContext)
	if l.fault != nil {
		return nil, l.fault
	}
	return tree, nil
}

// bailout is the panic value bailStrategy uses to stop at the first error.
type bailout struct{}

// bailStrategy reports the first error through the listeners and then stops
// the parse. (The runtime's BailErrorStrategy does not stop reliably in Go.)
type bailStrategy struct {
	*antlr.DefaultErrorStrategy
}

// Recover stops the parse.
func (b *bailStrategy) Recover(antlr.Parser, antlr.RecognitionException) { panic(bailout{}) }

// RecoverInline reports the mismatch and stops the parse.
func (b *bailStrategy) RecoverInline(p antlr.Parser) antlr.Token {
	e := antlr.NewInputMisMatchException(p)
	b.ReportError(p, e)
	panic(bailout{})
}

// Sync does nothing: errors are reported where prediction fails.
func (b *bailStrategy) Sync(antlr.Parser) {}

// syntaxFault is the first syntax error the parser reported.
type syntaxFault struct {
	tok      antlr.Token // offending token; nil when unknown
	expected []int       // token types that would have been accepted
	msg      string      // the runtime's message, never shown as is
}

type faultListener struct {
	antlr.DefaultErrorListener
	fault *syntaxFault
}

// SyntaxError records the first error with the tokens expected there.
func (l *faultListener) SyntaxError(rec antlr.Recognizer, sym any, _, _ int, msg string, _ antlr.RecognitionException) {
	if l.fault != nil {
		return
	}
	f := &syntaxFault{msg: msg}
	if t, ok := sym.(antlr.Token); ok {
		f.tok = t
	}
	if p, ok := rec.(antlr.Parser); ok {
		func() {
			defer func() { _ = recover() }()
			if set := p.GetExpectedTokens(); set != nil {
				for _, iv := range set.GetIntervals() {
					for t := iv.Start; t < iv.Stop; t++ {
						f.expected = append(f.expected, t)
					}
				}
			}
		}()
	}
	l.fault = f
}

// ------------------------------------------------------------------ cache

func (p *Parser) cached(src string) *ast.Statement {
	if p.lru == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if el, ok := p.index[src]; ok {
		p.lru.MoveToFront(el)
		return el.Value.(*cacheEntry).stmt
	}
	return nil
}

func (p *Parser) store(src string, st *ast.Statement) {
	if p.lru == nil || len(src) > maxCachedText {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.index[src]; ok || len(src) > maxCachedText {
		return
	}
	p.index[src] = p.lru.PushFront(&cacheEntry{src: src, stmt: st})
	p.bytes += len(src)
	for p.lru.Len() > p.opts.CacheSize || p.bytes > maxCacheBytes {
		last := p.lru.Back()
		p.lru.Remove(last)
		src := last.Value.(*cacheEntry).src
		p.bytes -= len(src)
		delete(p.index, src)
	}
}
