package harness

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Agreement is the outcome of comparing one query's rows across engines.
type Agreement struct {
	Equal  bool
	Detail string // what differs (empty when equal)
}

// CompareRows compares two result sets. ordered says the query fixes the
// row order (ORDER BY); otherwise rows are compared as multisets. Values
// are compared loosely across engine representations: integers and floats
// by value, timestamps by instant, a number and a string by text (Kuzu
// lists are homogeneous, so the Kuzu side may have cast numbers to
// strings), nested lists element by element.
func CompareRows(a, b Result, ordered bool) Agreement {
	if a.Error != "" || b.Error != "" {
		return Agreement{Detail: "not compared (error or timeout)"}
	}
	if len(a.Rows) != len(b.Rows) {
		return Agreement{Detail: fmt.Sprintf("%d rows vs %d rows%s", len(a.Rows), len(b.Rows), extraRows(a.Rows, b.Rows))}
	}
	ra, rb := a.Rows, b.Rows
	if !ordered {
		ra, rb = sortedRows(ra), sortedRows(rb)
	}
	for i := range ra {
		if !equalValue(ra[i], rb[i]) {
			return Agreement{Detail: fmt.Sprintf("row %d: %s vs %s", i+1, short(ra[i]), short(rb[i]))}
		}
	}
	return Agreement{Equal: true}
}

// extraRows describes the rows only one side has (up to 3).
func extraRows(a, b [][]any) string {
	var only []string
	used := make([]bool, len(b))
	var onlyA []string
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && equalValue(x, y) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			onlyA = append(onlyA, short(x))
		}
	}
	for j, y := range b {
		if !used[j] {
			only = append(only, short(y))
		}
	}
	var parts []string
	if len(onlyA) > 0 {
		parts = append(parts, "only first: "+strings.Join(first(onlyA, 3), ", "))
	}
	if len(only) > 0 {
		parts = append(parts, "only second: "+strings.Join(first(only, 3), ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

func first(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], fmt.Sprintf("… %d more", len(s)-n))
	}
	return s
}

func short(v any) string {
	b, _ := json.Marshal(v)
	s := string(b)
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

func sortedRows(rows [][]any) [][]any {
	out := slices.Clone(rows)
	key := func(r []any) string { b, _ := json.Marshal(canon(r)); return string(b) }
	slices.SortFunc(out, func(x, y []any) int { return strings.Compare(key(x), key(y)) })
	return out
}

// canon maps a value to a representation equal for loosely equal values.
func canon(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = canon(x[i])
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = canon(e)
		}
		return out
	case string:
		if t, ok := parseTime(x); ok {
			return "t:" + t.UTC().Format(time.RFC3339Nano)
		}
		return x
	}
	if f, ok := num(v); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return v
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

func parseTime(s string) (time.Time, bool) {
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return time.Time{}, false
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05Z07:00", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func equalValue(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	fa, okA := num(a)
	fb, okB := num(b)
	if okA && okB {
		return fa == fb || math.Abs(fa-fb) <= 1e-9*math.Max(math.Abs(fa), math.Abs(fb))
	}
	sa, isSA := a.(string)
	sb, isSB := b.(string)
	switch {
	case isSA && isSB:
		if sa == sb {
			return true
		}
		ta, ok1 := parseTime(sa)
		tb, ok2 := parseTime(sb)
		return ok1 && ok2 && ta.Equal(tb)
	case isSA && okB:
		return sa == strconv.FormatFloat(fb, 'f', -1, 64)
	case isSB && okA:
		return sb == strconv.FormatFloat(fa, 'f', -1, 64)
	}
	la, isLA := a.([]any)
	lb, isLB := b.([]any)
	if isLA && isLB {
		if len(la) != len(lb) {
			return false
		}
		for i := range la {
			if !equalValue(la[i], lb[i]) {
				return false
			}
		}
		return true
	}
	ma, isMA := a.(map[string]any)
	mb, isMB := b.(map[string]any)
	if isMA && isMB {
		if len(ma) != len(mb) {
			return false
		}
		for k, x := range ma {
			if !equalValue(x, mb[k]) {
				return false
			}
		}
		return true
	}
	if ba, ok := a.(bool); ok {
		bb, ok := b.(bool)
		return ok && ba == bb
	}
	return false
}
