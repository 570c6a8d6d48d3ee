package conformance

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// Match reports whether an engine's value matches an expected value under
// the TCK's rules. With ignoreListOrder every list, at any depth, compares
// as a multiset of its elements.
func Match(expected, actual value.Value, ignoreListOrder bool) bool {
	return Canonical(expected, ignoreListOrder) == Canonical(actual, ignoreListOrder)
}

// Canonical returns a string that is equal for two values exactly when they
// match under the TCK's rules: kinds must agree (1 is not 1.0), floats are
// equal as doubles (NaN equals NaN), strings compare exactly, temporal values
// (and any other value.Extension) compare as the string of their canonical
// text, maps ignore key order, nodes compare by label set and properties,
// relationships by type and properties, paths element by element including
// the direction of each step. Identity (IDs) is never part of the key.
func Canonical(v value.Value, ignoreListOrder bool) string {
	var b strings.Builder
	appendCanonical(&b, v, ignoreListOrder)
	return b.String()
}

func appendCanonical(b *strings.Builder, v value.Value, unordered bool) {
	switch x := v.(type) {
	case nil, value.Null:
		b.WriteString("null")
	case value.Bool:
		b.WriteString(strconv.FormatBool(bool(x)))
	case value.Int:
		b.WriteString("i")
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case value.Float:
		b.WriteString("f")
		f := float64(x)
		switch {
		case math.IsNaN(f):
			b.WriteString("NaN")
		case f == 0:
			b.WriteString("0") // -0.0 == 0.0 as doubles
		default:
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
		}
	case value.String:
		b.WriteString(strconv.Quote(string(x)))
	case value.Extension:
		b.WriteString(strconv.Quote(x.String()))
	case value.List:
		appendList(b, x, unordered)
	case value.Vector:
		b.WriteString("vector")
		l := make(value.List, len(x))
		for i, f := range x {
			l[i] = value.Float(f)
		}
		appendList(b, l, unordered)
	case value.Map:
		appendCanonicalMap(b, x, unordered)
	case value.Node:
		appendNode(b, x, unordered)
	case value.Rel:
		b.WriteString("[:")
		b.WriteString(strconv.Quote(x.Type))
		appendCanonicalMap(b, x.Props, unordered)
		b.WriteString("]")
	case value.Path:
		b.WriteString("<")
		for i, n := range x.Nodes {
			if i > 0 && i-1 < len(x.Rels) {
				r := x.Rels[i-1]
				if stepBackward(x, i-1) {
					b.WriteString("<-")
					appendCanonical(b, r, unordered)
					b.WriteString("-")
				} else {
					b.WriteString("-")
					appendCanonical(b, r, unordered)
					b.WriteString("->")
				}
			}
			appendNode(b, n, unordered)
		}
		if len(x.Rels) >= len(x.Nodes) {
			b.WriteString("!malformed")
		}
		b.WriteString(">")
	default:
		fmt.Fprintf(b, "?%T:%v", v, v)
	}
}

// stepBackward reports whether step i of p traverses its relationship
// against the relationship's direction. A self-loop counts as forward.
func stepBackward(p value.Path, i int) bool {
	r := p.Rels[i]
	return r.Start != r.End && r.Start == p.Nodes[i+1].ID && r.End == p.Nodes[i].ID
}

func appendList(b *strings.Builder, l value.List, unordered bool) {
	keys := make([]string, len(l))
	for i, e := range l {
		keys[i] = Canonical(e, unordered)
	}
	if unordered {
		sort.Strings(keys)
	}
	b.WriteString("[")
	b.WriteString(strings.Join(keys, ","))
	b.WriteString("]")
}

func appendNode(b *strings.Builder, n value.Node, unordered bool) {
	labels := append([]string(nil), n.Labels...)
	sort.Strings(labels)
	b.WriteString("(")
	for i, l := range labels {
		if i > 0 && labels[i-1] == l {
			continue
		}
		b.WriteString(":")
		b.WriteString(strconv.Quote(l))
	}
	appendCanonicalMap(b, n.Props, unordered)
	b.WriteString(")")
}

func appendCanonicalMap(b *strings.Builder, m value.Map, unordered bool) {
	b.WriteString("{")
	for i, k := range m.Keys() {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(strconv.Quote(k))
		b.WriteString(":")
		appendCanonical(b, m[k], unordered)
	}
	b.WriteString("}")
}

// RowOrder says how expected rows are compared with actual rows.
type RowOrder uint8

// Row orders.
const (
	// AnyOrder compares rows as multisets: order is ignored, duplicates count.
	AnyOrder RowOrder = iota
	// InOrder compares rows as sequences.
	InOrder
)

// String returns "in order" or "in any order".
func (o RowOrder) String() string {
	if o == InOrder {
		return "in order"
	}
	return "in any order"
}

// RowsMatch compares a result with an expected table (column names and
// rows). It returns "" when they match, otherwise a one-line explanation
// showing what was expected and what was found.
func RowsMatch(expCols []string, expRows [][]value.Value, got Result, order RowOrder, ignoreListOrder bool) string {
	if !equalStrings(expCols, got.Columns) {
		return fmt.Sprintf("columns: expected %s, got %s", formatColumns(expCols), formatColumns(got.Columns))
	}
	for i, r := range got.Rows {
		if len(r) != len(got.Columns) {
			return fmt.Sprintf("result row %d has %d values for %d columns", i+1, len(r), len(got.Columns))
		}
	}
	expKeys := rowKeys(expRows, ignoreListOrder)
	gotKeys := rowKeys(got.Rows, ignoreListOrder)
	if order == InOrder {
		for i := 0; i < len(expKeys) && i < len(gotKeys); i++ {
			if expKeys[i] != gotKeys[i] {
				return fmt.Sprintf("row %d (in order): expected %s, got %s; expected %d rows %s, got %d rows %s",
					i+1, FormatRow(expRows[i]), FormatRow(got.Rows[i]),
					len(expRows), formatRows(expRows), len(got.Rows), formatRows(got.Rows))
			}
		}
		if len(expKeys) != len(gotKeys) {
			return fmt.Sprintf("expected %d rows %s, got %d rows %s",
				len(expRows), formatRows(expRows), len(got.Rows), formatRows(got.Rows))
		}
		return ""
	}
	count := make(map[string]int, len(expKeys))
	for _, k := range expKeys {
		count[k]++
	}
	var unexpected [][]value.Value
	for i, k := range gotKeys {
		if count[k] > 0 {
			count[k]--
			continue
		}
		unexpected = append(unexpected, got.Rows[i])
	}
	var missing [][]value.Value
	for i, k := range expKeys {
		if count[k] > 0 {
			count[k]--
			missing = append(missing, expRows[i])
		}
	}
	if len(missing) == 0 && len(unexpected) == 0 {
		return ""
	}
	return fmt.Sprintf("expected %d rows, got %d; missing %d %s; unexpected %d %s",
		len(expRows), len(got.Rows), len(missing), formatRows(missing), len(unexpected), formatRows(unexpected))
}

func rowKeys(rows [][]value.Value, ignoreListOrder bool) []string {
	keys := make([]string, len(rows))
	for i, r := range rows {
		var b strings.Builder
		for j, v := range r {
			if j > 0 {
				b.WriteString("|")
			}
			appendCanonical(&b, v, ignoreListOrder)
		}
		keys[i] = b.String()
	}
	return keys
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func formatColumns(cols []string) string {
	if len(cols) == 0 {
		return "(no columns)"
	}
	return "| " + strings.Join(cols, " | ") + " |"
}

// FormatRow renders a row as a TCK table row, e.g. | 1 | 'a' |.
func FormatRow(row []value.Value) string {
	var b strings.Builder
	b.WriteString("|")
	for _, v := range row {
		b.WriteString(" ")
		b.WriteString(FormatValue(v))
		b.WriteString(" |")
	}
	return b.String()
}

// FormatValue renders v in the TCK notation; floats are written with every
// digit needed to read them back exactly, and values that have no notation
// of their own (temporal values) are written as their quoted text.
func FormatValue(v value.Value) string {
	if f, ok := v.(value.Float); ok {
		if s := value.FormatFloat(float64(f)); s != "Infinity" && s != "-Infinity" {
			return s
		}
		if f > 0 {
			return "Inf"
		}
		return "-Inf"
	}
	return value.Format(v)
}

const maxShownRows = 6

func formatRows(rows [][]value.Value) string {
	if len(rows) == 0 {
		return "[]"
	}
	var b strings.Builder
	b.WriteString("[")
	for i, r := range rows {
		if i == maxShownRows {
			fmt.Fprintf(&b, " ... %d more", len(rows)-i)
			break
		}
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(FormatRow(r))
	}
	b.WriteString("]")
	return b.String()
}
