package shell

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/cyqdb/cyq/value"
)

// Format is an output format for query results.
type Format string

// The output formats.
const (
	FormatTable Format = "table" // aligned columns with a row count
	FormatJSON  Format = "json"  // a JSON array of row objects per statement
	FormatJSONL Format = "jsonl" // one JSON object per row and line
	FormatCSV   Format = "csv"   // a header line, then one line per row
)

// ParseFormat checks a format name.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case FormatTable, FormatJSON, FormatJSONL, FormatCSV:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (want table, json, jsonl or csv)", s)
}

// MaxCellWidth is the widest a table cell is printed; longer values are
// cut and end with "…".
const MaxCellWidth = 60

// Result is a statement's complete result, ready to print.
type Result struct {
	Columns []string        // column names, in order
	Rows    [][]value.Value // one value per column
	Profile string          // the PROFILE report, for statements run with PROFILE
	Notes   []string        // the query's notifications, one line each
}

// Write prints r to w in format f.
func Write(w io.Writer, f Format, r *Result) error {
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
	}
	return writeTable(w, r)
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

// cellText renders a value for a table cell: strings unquoted, the rest in
// Cypher form, on one line and at most MaxCellWidth wide.
func cellText(v value.Value) string {
	var s string
	switch x := v.(type) {
	case nil, value.Null:
		s = "null"
	case value.String:
		s = string(x)
	case value.Extension:
		s = x.String() // temporal values print bare: 2010-06-08T01:11:11.971Z
	default:
		s = value.Format(v)
	}
	return Truncate(s, MaxCellWidth)
}

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

func writeTable(w io.Writer, r *Result) error {
	if len(r.Columns) == 0 {
		return nil
	}
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
		b.WriteString(" " + pad(Truncate(c, MaxCellWidth), widths[i], false) + " │")
	}
	b.WriteByte('\n')
	line("├", "┼", "┤")
	for _, row := range cells {
		b.WriteString("│")
		for i, c := range row {
			b.WriteString(" " + pad(c, widths[i], numeric[i]) + " │")
		}
		b.WriteByte('\n')
	}
	line("└", "┴", "┘")
	_, err := io.WriteString(w, b.String())
	return err
}

// plural returns "1 row" or "n rows".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
