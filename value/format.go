package value

import (
	"math"
	"slices"
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
func AppendFormat(b *strings.Builder, v Value) { appendFormat(b, v, nil) }

// FormatKeysFirst is Format, except that the properties of nodes and
// relationships (at any depth) named in first come before the others, in
// the order of first: a display can show an entity's name before its
// other properties.
func FormatKeysFirst(v Value, first []string) string {
	var b strings.Builder
	appendFormat(&b, v, first)
	return b.String()
}

func appendFormat(b *strings.Builder, v Value, first []string) {
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
			appendFormat(b, e, first)
		}
		b.WriteByte(']')
	case Map:
		appendMap(b, x, nil, first)
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
			appendMap(b, x.Props, first, first)
		}
		b.WriteByte(')')
	case Rel:
		b.WriteString("[:")
		b.WriteString(QuoteName(x.Type))
		if len(x.Props) > 0 {
			b.WriteByte(' ')
			appendMap(b, x.Props, first, first)
		}
		b.WriteByte(']')
	case Path:
		b.WriteByte('<')
		for i, n := range x.Nodes {
			if i > 0 {
				r := x.Rels[i-1]
				if r.Start == n.ID && r.End == x.Nodes[i-1].ID && r.Start != r.End {
					b.WriteString("<-")
					appendFormat(b, r, first)
					b.WriteByte('-')
				} else {
					b.WriteByte('-')
					appendFormat(b, r, first)
					b.WriteString("->")
				}
			}
			appendFormat(b, n, first)
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

// appendMap writes m with the keys of lead (those present) first, then the
// others in order; nested values put the keys of first first.
func appendMap(b *strings.Builder, m Map, lead, first []string) {
	keys := m.Keys()
	if len(lead) > 0 {
		ordered := make([]string, 0, len(keys))
		for _, k := range lead {
			if _, ok := m[k]; ok {
				ordered = append(ordered, k)
			}
		}
		for _, k := range keys {
			if !slices.Contains(ordered, k) {
				ordered = append(ordered, k)
			}
		}
		keys = ordered
	}
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteName(k))
		b.WriteString(": ")
		appendFormat(b, m[k], first)
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
