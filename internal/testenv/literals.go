package testenv

import (
	"fmt"
	"sort"
	"strings"
)

// LiteralText is q with each $name of params written as its value's
// Cypher literal (lists as [a, b], nil as null): the literal form of a
// parameterised query, or of a plan rendered from one. Longer names are
// replaced first, so $ab is not read as $a followed by b.
func LiteralText(q string, params map[string]any) string {
	names := make([]string, 0, len(params))
	for k := range params {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	for _, k := range names {
		q = strings.ReplaceAll(q, "$"+k, literalOf(params[k]))
	}
	return q
}

func literalOf(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, it := range x {
			parts[i] = literalOf(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}
