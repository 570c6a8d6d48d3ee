package value

import (
	"math"
	"strconv"
	"strings"
)

// Format renders v in openCypher literal notation, as the TCK writes
// expected values: strings in single quotes, nodes as (:L {k: v}),
// relationships as [:T {k: v}], paths as <(a)-[:T]->(b)>. Map keys are
// sorted, so the output is deterministic.
func Format(v Value) string {
	var b strings.Builder
	AppendFormat(&b, v)
	return b.String()
}

// AppendFormat writes Format(v) to b.
func AppendFormat(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case nil, Null:
		b.WriteString("null")
	case Bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case Int:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case Float:
		b.WriteString(FormatFloat(float64(x)))
	case String:
		b.WriteString(QuoteString(string(x)))
	case List:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			AppendFormat(b, e)
		}
		b.WriteByte(']')
	case Map:
		appendMap(b, x)
	case Node:
		b.WriteByte('(')
		for _, l := range x.Labels {
			b.WriteByte(':')
			b.WriteString(QuoteName(l))
		}
		if len(x.Props) > 0 {
			if len(x.Labels) > 0 {
				b.WriteByte(' ')
			}
			appendMap(b, x.Props)
		}
		b.WriteByte(')')
	case Rel:
		b.WriteString("[:")
		b.WriteString(QuoteName(x.Type))
		if len(x.Props) > 0 {
			b.WriteByte(' ')
			appendMap(b, x.Props)
		}
		b.WriteByte(']')
	case Path:
		b.WriteByte('<')
		for i, n := range x.Nodes {
			if i > 0 {
				r := x.Rels[i-1]
				if r.Start == n.ID && r.End == x.Nodes[i-1].ID && r.Start != r.End {
					b.WriteString("<-")
					AppendFormat(b, r)
					b.WriteByte('-')
				} else {
					b.WriteByte('-')
					AppendFormat(b, r)
					b.WriteString("->")
				}
			}
			AppendFormat(b, n)
		}
		b.WriteByte('>')
	case Vector:
		b.WriteString("vector([")
		for i, f := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.FormatFloat(float64(f), 'g', -1, 32))
		}
		b.WriteString("])")
	case Extension:
		b.WriteString(QuoteString(x.String()))
	default:
		b.WriteString("?")
	}
}

func appendMap(b *strings.Builder, m Map) {
	b.WriteByte('{')
	for i, k := range m.Keys() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteName(k))
		b.WriteString(": ")
		AppendFormat(b, m[k])
	}
	b.WriteByte('}')
}

// FormatFloat renders a float the way openCypher engines print it: always
// with a decimal point or exponent (1.0, 0.5, 1.0E-5, 1.0E308), NaN,
// Infinity and -Infinity; digits are the shortest that round-trip.
func FormatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	a := math.Abs(f)
	if a == 0 || (a >= 1e-3 && a < 1e7) {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.ContainsAny(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1.5e+308
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	exp = strings.TrimPrefix(exp, "+")
	neg := strings.HasPrefix(exp, "-")
	exp = strings.TrimLeft(strings.TrimPrefix(exp, "-"), "0")
	if neg {
		exp = "-" + exp
	}
	return mant + "E" + exp
}

// QuoteString quotes s as an openCypher single-quoted string literal.
func QuoteString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for _, r := range s {
		switch r {
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// QuoteName returns name as is when it is a plain identifier, else in backticks.
func QuoteName(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}
