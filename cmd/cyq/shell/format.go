package shell

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
)

// Format is an output format for query results.
type Format string

// The output formats.
const (
	FormatTable    Format = "table"    // aligned columns with a row count
	FormatVertical Format = "vertical" // one "column │ value" line per value, rows one below the other
	FormatJSON     Format = "json"     // a JSON array of row objects per statement
	FormatJSONL    Format = "jsonl"    // one JSON object per row and line
	FormatCSV      Format = "csv"      // a header line, then one line per row
)

// ParseFormat checks a format name.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case FormatTable, FormatVertical, FormatJSON, FormatJSONL, FormatCSV:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (want table, vertical, json, jsonl or csv)", s)
}

// human reports whether f is one of the formats for people (table,
// vertical), which print a row count and the statement's counters.
func (f Format) human() bool { return f == FormatTable || f == FormatVertical }

// MaxCellWidth is the widest a table cell is printed; longer values are
// cut and end with "…".
const MaxCellWidth = 60

// Result is a statement's complete result, ready to print.
type Result struct {
	Columns []string        // column names, in order
	Rows    [][]value.Value // one value per column
	Profile string          // the PROFILE report, for statements run with PROFILE
	Stats   cyq.Stats       // what the statement changed
	Notes   []string        // the query's notifications, one line each
}

// Write prints r to w in format f, with no width limit.
func Write(w io.Writer, f Format, r *Result) error { return WriteWidth(w, f, r, 0) }

// WriteWidth prints r to w in format f. A table is fitted into width
// display columns (0: no limit) by cutting the widest cells, and printed
// vertically when its columns cannot get a useful width; vertical values
// wrap at width.
func WriteWidth(w io.Writer, f Format, r *Result, width int) error {
	if len(r.Columns) == 0 {
		return nil // a statement without results (CREATE ...)
	}
	switch f {
	case FormatJSON:
		return writeJSON(w, r)
	case FormatJSONL:
		return writeJSONL(w, r)
	case FormatCSV:
		return writeCSV(w, r)
	case FormatVertical:
		return writeVertical(w, r, width)
	}
	if !writeTable(w, r, width) {
		return writeVertical(w, r, width)
	}
	return nil
}

// rowJSON encodes one row as an object with keys in column order.
func rowJSON(cols []string, row []value.Value) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(c)
		b.Write(k)
		b.WriteByte(':')
		var v value.Value
		if i < len(row) {
			v = row[i]
		}
		x, err := marshalValue(v)
		if err != nil {
			return nil, err
		}
		b.Write(x)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalValue(v value.Value) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(value.ToGo(v)); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

func writeJSONL(w io.Writer, r *Result) error {
	for _, row := range r.Rows {
		b, err := rowJSON(r.Columns, row)
		if err != nil {
			return err
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(w io.Writer, r *Result) error {
	var b bytes.Buffer
	b.WriteString("[")
	for i, row := range r.Rows {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		x, err := rowJSON(r.Columns, row)
		if err != nil {
			return err
		}
		b.Write(x)
	}
	if len(r.Rows) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	_, err := w.Write(b.Bytes())
	return err
}

// csvCell renders a value for CSV: strings as they are, null as the empty
// field, scalars in Cypher form and composite values as JSON.
func csvCell(v value.Value) string {
	switch x := v.(type) {
	case nil, value.Null:
		return ""
	case value.String:
		return string(x)
	case value.Extension:
		return x.String()
	case value.List, value.Map, value.Node, value.Rel, value.Path, value.Vector:
		b, err := marshalValue(v)
		if err != nil {
			return value.Format(v)
		}
		return string(b)
	}
	return value.Format(v)
}

func writeCSV(w io.Writer, r *Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(r.Columns); err != nil {
		return err
	}
	rec := make([]string, len(r.Columns))
	for _, row := range r.Rows {
		for i := range rec {
			rec[i] = ""
			if i < len(row) {
				rec[i] = csvCell(row[i])
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// cellText renders a value for a table cell: as fullText does, on one
// line and at most MaxCellWidth wide.
func cellText(v value.Value) string { return Truncate(fullText(v), MaxCellWidth) }

// Truncate puts s on one line (newlines and tabs become spaces) and cuts it
// to at most width display columns, ending with "…" when cut.
func Truncate(s string, width int) string {
	if strings.ContainsAny(s, "\n\r\t") {
		s = strings.NewReplacer("\r\n", "↵", "\n", "↵", "\r", "↵", "\t", " ").Replace(s)
	}
	if runewidth.StringWidth(s) <= width {
		return s
	}
	var b strings.Builder
	w := 0
	for _, r := range s {
		rw := runewidth.RuneWidth(r)
		if w+rw > width-1 {
			break
		}
		b.WriteRune(r)
		w += rw
	}
	b.WriteString("…")
	return b.String()
}

func pad(s string, width int, right bool) string {
	n := width - runewidth.StringWidth(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// minColumn is the narrowest a fitted table column is cut to; a table
// whose columns would need to be narrower prints vertically.
const minColumn = 8

// fitWidths shares avail display columns among columns of the natural
// widths given: narrow columns keep their width, the wide ones share the
// rest equally. ok is false when a column would get less than minColumn.
func fitWidths(natural []int, avail int) (widths []int, ok bool) {
	total := 0
	for _, n := range natural {
		total += n
	}
	if total <= avail {
		return natural, true
	}
	if avail < len(natural)*minColumn {
		return nil, false
	}
	order := make([]int, len(natural))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return natural[order[a]] < natural[order[b]] })
	widths = make([]int, len(natural))
	left := avail
	for k, i := range order {
		widths[i] = min(natural[i], left/(len(order)-k))
		left -= widths[i]
	}
	for _, i := range order { // what integer division left over
		if left == 0 {
			break
		}
		if widths[i] < natural[i] {
			widths[i]++
			left--
		}
	}
	return widths, true
}

// writeTable prints r as a boxed table fitted into width display columns
// (0: no limit); it prints nothing and returns false when r cannot fit.
func writeTable(w io.Writer, r *Result, width int) bool {
	cells := make([][]string, len(r.Rows))
	widths := make([]int, len(r.Columns))
	numeric := make([]bool, len(r.Columns))
	for i, c := range r.Columns {
		widths[i] = runewidth.StringWidth(Truncate(c, MaxCellWidth))
		numeric[i] = len(r.Rows) > 0
	}
	for ri, row := range r.Rows {
		cells[ri] = make([]string, len(r.Columns))
		for i := range r.Columns {
			var v value.Value
			if i < len(row) {
				v = row[i]
			}
			s := cellText(v)
			cells[ri][i] = s
			widths[i] = max(widths[i], runewidth.StringWidth(s))
			switch v.(type) {
			case value.Int, value.Float, nil, value.Null:
			default:
				numeric[i] = false
			}
		}
	}
	if width > 0 {
		fitted, ok := fitWidths(widths, width-3*len(widths)-1)
		if !ok {
			return false
		}
		widths = fitted
	}
	var b strings.Builder
	line := func(l, m, r string) {
		b.WriteString(l)
		for i, wd := range widths {
			if i > 0 {
				b.WriteString(m)
			}
			b.WriteString(strings.Repeat("─", wd+2))
		}
		b.WriteString(r)
		b.WriteByte('\n')
	}
	line("┌", "┬", "┐")
	b.WriteString("│")
	for i, c := range r.Columns {
		b.WriteString(" " + pad(Truncate(c, widths[i]), widths[i], false) + " │")
	}
	b.WriteByte('\n')
	line("├", "┼", "┤")
	for _, row := range cells {
		b.WriteString("│")
		for i, c := range row {
			b.WriteString(" " + pad(Truncate(c, widths[i]), widths[i], numeric[i]) + " │")
		}
		b.WriteByte('\n')
	}
	line("└", "┴", "┘")
	_, _ = io.WriteString(w, b.String())
	return true
}

// maxValueLines is how many lines a value takes at most in vertical output.
const maxValueLines = 10

// writeVertical prints each row as a block of "column │ value" lines under
// a "row N" rule, values wrapped at width (0: 100 columns).
func writeVertical(w io.Writer, r *Result, width int) error {
	if width <= 0 {
		width = 100
	}
	nameW := 0
	for _, c := range r.Columns {
		nameW = max(nameW, runewidth.StringWidth(c))
	}
	nameW = min(nameW, max(width/3, 4))
	valW := max(width-nameW-3, 10)
	var b strings.Builder
	for ri, row := range r.Rows {
		head := fmt.Sprintf("── row %d ", ri+1)
		b.WriteString(head + strings.Repeat("─", max(width-runewidth.StringWidth(head), 0)) + "\n")
		for i, c := range r.Columns {
			var v value.Value
			if i < len(row) {
				v = row[i]
			}
			lines := wrap(fullText(v), valW, maxValueLines)
			for k, l := range lines {
				name := ""
				if k == 0 {
					name = Truncate(c, nameW)
				}
				b.WriteString(pad(name, nameW, false) + " │ " + strings.TrimRight(l, " ") + "\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fullText renders a value for people: strings unquoted, temporal values
// bare (2010-06-08T01:11:11.971Z), the rest in Cypher form (displayText).
func fullText(v value.Value) string {
	switch x := v.(type) {
	case nil, value.Null:
		return "null"
	case value.String:
		return string(x)
	case value.Extension:
		return x.String()
	}
	return displayText(v)
}

// wrap cuts s into lines of at most width display columns, at a space
// where there is one (line breaks in s start new lines), at most maxLines
// of them, the last ending with "…" when s is longer.
func wrap(s string, width, maxLines int) []string {
	var out []string
	for _, para := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		para = strings.ReplaceAll(para, "\t", " ")
		for len(out) <= maxLines && runewidth.StringWidth(para) > width {
			cut, w := 0, 0
			for i, r := range para {
				if w += runewidth.RuneWidth(r); w > width {
					cut = i
					break
				}
			}
			next := cut
			if sp := strings.LastIndexByte(para[:cut], ' '); sp > 0 {
				cut, next = sp, sp+1
			}
			out = append(out, para[:cut])
			para = para[next:]
		}
		out = append(out, para)
	}
	if len(out) > maxLines {
		out = out[:maxLines]
		last := out[maxLines-1]
		if runewidth.StringWidth(last) < width {
			out[maxLines-1] = last + "…"
		} else {
			out[maxLines-1] = Truncate(last+"…", width)
		}
	}
	return out
}

// identifying are the property keys that name an entity, printed first.
var identifying = []string{"name", "title", "id"}

// displayText renders a value in Cypher notation as value.Format does,
// except that a node's or relationship's identifying property (name, title
// or id) comes first, so that cut cells still show which entity it is.
func displayText(v value.Value) string { return value.FormatKeysFirst(v, identifying) }

// plural returns "1 row" or "n rows".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
