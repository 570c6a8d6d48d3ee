package conformance

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// ParseValue parses a cell in the TCK value notation (the README's "Value
// syntax in tables") into the value it denotes:
//
//	null true false 42 -1.5 .5 1e308 NaN Inf -Inf 'it\'s' [1, 'a'] {k: v}
//	(:A:B {k: v})  [:T {k: v}]  <(:A)-[:T]->(:B)<-[:T]-()>
//
// Nodes and relationships carry no identity in the notation; inside a path
// the nodes get the IDs 0, 1, 2, ... and each relationship's Start and End
// are set from the direction of its step, so that a path's direction can be
// read the same way as an engine's. Table-level escapes (\\ \| \n) must
// already have been applied; inside strings only \' and \\ are escapes.
func ParseValue(text string) (value.Value, error) {
	p := &valueParser{src: text}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.src) {
		return nil, p.errorf("unexpected %q after value", p.rest())
	}
	return v, nil
}

type valueParser struct {
	src string
	pos int
}

func (p *valueParser) errorf(format string, args ...any) error {
	return fmt.Errorf("value %q: at offset %d: %s", p.src, p.pos, fmt.Sprintf(format, args...))
}

func (p *valueParser) rest() string {
	r := p.src[p.pos:]
	if len(r) > 20 {
		r = r[:20] + "..."
	}
	return r
}

func (p *valueParser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *valueParser) peek() byte {
	p.space()
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *valueParser) accept(s string) bool {
	p.space()
	if strings.HasPrefix(p.src[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *valueParser) expect(s string) error {
	if !p.accept(s) {
		if p.pos >= len(p.src) {
			return p.errorf("expected %q, found end of text", s)
		}
		return p.errorf("expected %q, found %q", s, p.rest())
	}
	return nil
}

func (p *valueParser) value() (value.Value, error) {
	switch c := p.peek(); {
	case c == 0:
		return nil, p.errorf("expected a value, found end of text")
	case c == '\'':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return value.String(s), nil
	case c == '[':
		if strings.HasPrefix(p.src[p.pos:], "[:") {
			return p.rel()
		}
		return p.list()
	case c == '{':
		return p.mapLit()
	case c == '(':
		return p.node()
	case c == '<':
		return p.path()
	case c == '-' || c == '.' || c >= '0' && c <= '9':
		return p.number()
	}
	word := p.word()
	switch word {
	case "null":
		return value.NullValue, nil
	case "true":
		return value.Bool(true), nil
	case "false":
		return value.Bool(false), nil
	case "NaN":
		return value.Float(math.NaN()), nil
	case "Inf", "Infinity":
		return value.Float(math.Inf(1)), nil
	}
	if word == "" {
		return nil, p.errorf("unexpected %q", p.rest())
	}
	return nil, p.errorf("unknown word %q", word)
}

func isNameByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// word reads a run of name characters (map keys, labels, types, keywords).
func (p *valueParser) word() string {
	p.space()
	start := p.pos
	for p.pos < len(p.src) && isNameByte(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

// name reads a map key, label or type: a word or a backquoted name.
func (p *valueParser) name(what string) (string, error) {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '`' {
		var b strings.Builder
		p.pos++
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			p.pos++
			if c == '`' {
				if p.pos < len(p.src) && p.src[p.pos] == '`' {
					b.WriteByte('`')
					p.pos++
					continue
				}
				return b.String(), nil
			}
			b.WriteByte(c)
		}
		return "", p.errorf("unterminated quoted %s", what)
	}
	w := p.word()
	if w == "" {
		return "", p.errorf("expected a %s, found %q", what, p.rest())
	}
	return w, nil
}

func (p *valueParser) str() (string, error) {
	p.space()
	p.pos++ // opening quote
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		p.pos++
		switch c {
		case '\'':
			return b.String(), nil
		case '\\':
			if p.pos < len(p.src) && (p.src[p.pos] == '\'' || p.src[p.pos] == '\\') {
				b.WriteByte(p.src[p.pos])
				p.pos++
				continue
			}
		}
		b.WriteByte(c)
	}
	return "", p.errorf("unterminated string")
}

func (p *valueParser) number() (value.Value, error) {
	p.space()
	start := p.pos
	if p.src[p.pos] == '-' {
		p.pos++
		if w := p.src[p.pos:]; strings.HasPrefix(w, "Inf") {
			p.word()
			if s := p.src[start+1 : p.pos]; s == "Inf" || s == "Infinity" {
				return value.Float(math.Inf(-1)), nil
			}
			return nil, p.errorf("bad number %q", p.src[start:p.pos])
		}
	}
	isFloat := false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c >= '0' && c <= '9':
		case c == '.' || c == 'e' || c == 'E':
			isFloat = true
		case (c == '-' || c == '+') && (p.src[p.pos-1] == 'e' || p.src[p.pos-1] == 'E'):
		default:
			goto done
		}
		p.pos++
	}
done:
	text := p.src[start:p.pos]
	if !isFloat {
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, p.errorf("bad integer %q: %v", text, err)
		}
		return value.Int(i), nil
	}
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || digits[0] == 'e' || digits[0] == 'E' || strings.HasSuffix(digits, ".") {
		return nil, p.errorf("bad float %q", text)
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, p.errorf("bad float %q: %v", text, err)
	}
	return value.Float(f), nil
}

func (p *valueParser) list() (value.Value, error) {
	p.pos++ // [
	list := value.List{}
	if p.accept("]") {
		return list, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		list = append(list, v)
		if p.accept("]") {
			return list, nil
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
	}
}

func (p *valueParser) mapLit() (value.Map, error) {
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	m := value.Map{}
	if p.accept("}") {
		return m, nil
	}
	for {
		k, err := p.name("map key")
		if err != nil {
			return nil, err
		}
		if err := p.expect(":"); err != nil {
			return nil, err
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := m[k]; dup {
			return nil, p.errorf("duplicate map key %q", k)
		}
		m[k] = v
		if p.accept("}") {
			return m, nil
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
	}
}

func (p *valueParser) node() (value.Node, error) {
	var n value.Node
	if err := p.expect("("); err != nil {
		return n, err
	}
	for p.accept(":") {
		l, err := p.name("label")
		if err != nil {
			return n, err
		}
		n.Labels = append(n.Labels, l)
	}
	n.Props = value.Map{}
	if p.peek() == '{' {
		m, err := p.mapLit()
		if err != nil {
			return n, err
		}
		n.Props = m
	}
	return n, p.expect(")")
}

func (p *valueParser) rel() (value.Rel, error) {
	var r value.Rel
	if err := p.expect("["); err != nil {
		return r, err
	}
	if err := p.expect(":"); err != nil {
		return r, err
	}
	t, err := p.name("relationship type")
	if err != nil {
		return r, err
	}
	r.Type = t
	r.Props = value.Map{}
	if p.peek() == '{' {
		m, err := p.mapLit()
		if err != nil {
			return r, err
		}
		r.Props = m
	}
	return r, p.expect("]")
}

func (p *valueParser) path() (value.Value, error) {
	p.pos++ // <
	first, err := p.node()
	if err != nil {
		return nil, err
	}
	path := value.Path{Nodes: []value.Node{first}}
	for !p.accept(">") {
		backward := false
		switch {
		case p.accept("<-"):
			backward = true
		case p.accept("-"):
		default:
			return nil, p.errorf("expected a path step or '>', found %q", p.rest())
		}
		r, err := p.rel()
		if err != nil {
			return nil, err
		}
		if backward {
			err = p.expect("-")
		} else {
			err = p.expect("->")
		}
		if err != nil {
			return nil, err
		}
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		i := uint32(len(path.Nodes))
		n.ID = i
		r.ID = uint64(i - 1)
		r.Start, r.End = i-1, i
		if backward {
			r.Start, r.End = i, i-1
		}
		path.Nodes = append(path.Nodes, n)
		path.Rels = append(path.Rels, r)
	}
	return path, nil
}
