package importer

import (
	"io"
	"strconv"
	"strings"
)

// Kinds of text seen in a column, as bits.
const (
	sawInt   = 1 << iota // a decimal integer without leading zeros
	sawFloat             // a decimal number with a point or an exponent
	sawOther             // anything else
)

// textKind classifies one field for type inference. Integers with leading
// zeros ("007", postal codes) are text: reading them as numbers would lose
// the zeros.
func textKind(s string) int {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil && (s == "0" || s[0] != '0') {
		if len(s) < 2 || s[0] != '-' || s[1] != '0' {
			return sawInt
		}
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && strings.ContainsAny(s, ".eE") && s[0] != '.' {
		return sawFloat
	}
	return sawOther
}

// columnType is the type a column gets from the kinds of all its values:
// integers only make an integer column, integers and floats a float
// column, anything else (or no value at all) a string column.
func columnType(kinds int) string {
	switch {
	case kinds == 0 || kinds&sawOther != 0:
		return "string"
	case kinds&sawFloat != 0:
		return "float"
	}
	return "int"
}

// inferColumns gives the plain (untyped) property columns of a CSV file a
// type decided by all their values, reading the file once before it is
// loaded. Rows the load would skip are not counted.
func (l *loader) inferColumns(path string, cols []column) error {
	var plain []int
	for i, c := range cols {
		if c.typ == "" && !c.array && (c.kind == colProp || (c.kind == colID && c.name != "")) {
			plain = append(plain, i)
		}
	}
	if len(plain) == 0 {
		return nil
	}
	r, closeFn, err := l.open(path, false)
	if err != nil {
		return err
	}
	defer closeFn()
	cr := l.newCSVReader(r)
	if _, err := cr.Read(); err != nil {
		return nil // the load reports it
	}
	kinds := make([]int, len(cols))
	for n := 0; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if n&0xfff == 0 {
			if err := l.ctx.Err(); err != nil {
				return err
			}
		}
		if err != nil {
			continue
		}
		if len(rec) > len(cols) {
			if joined, ok := joinSurplus(rec, len(cols), string(l.opts.Delimiter)); ok {
				rec = joined
			}
		}
		if len(rec) != len(cols) {
			continue
		}
		for _, i := range plain {
			if s := rec[i]; s != "" && (l.opts.Null == "" || s != l.opts.Null) {
				kinds[i] |= textKind(s)
			}
		}
	}
	for _, i := range plain {
		cols[i].typ = columnType(kinds[i])
	}
	return nil
}

// joinSurplus repairs a record with more fields than its header when the
// cause is plain: a delimiter written without quotes inside a field and
// followed by a space ("Rua do Paço, 67"). When exactly as many fields as
// there are too many start with a space, each is joined to the field
// before it; otherwise the record is left as it is (and is a bad row).
func joinSurplus(rec []string, want int, delim string) ([]string, bool) {
	extra := len(rec) - want
	if extra <= 0 {
		return rec, false
	}
	n := 0
	for _, f := range rec[1:] {
		if strings.HasPrefix(f, " ") {
			n++
		}
	}
	if n != extra {
		return rec, false
	}
	out := make([]string, 0, want)
	for i, f := range rec {
		if i > 0 && strings.HasPrefix(f, " ") {
			out[len(out)-1] += delim + f
			continue
		}
		out = append(out, f)
	}
	return out, true
}
