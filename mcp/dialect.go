package mcp

import (
	"strings"

	"github.com/cyqdb/cyq/parser"
)

// FixDialect corrects unambiguous slips from other languages outside string
// literals, quoted names and comments: == to =, != to <>, && to AND, || to
// OR. It returns the corrected text and the fixes applied (nil when none).
// The caller uses the result only when the original fails to parse and the
// corrected text parses.
func FixDialect(q string) (string, []string) {
	var b strings.Builder
	var fixes []string
	seen := map[string]bool{}
	note := func(f string) {
		if !seen[f] {
			seen[f] = true
			fixes = append(fixes, f)
		}
	}
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(q) && q[j] != c {
				if q[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			j = min(j+1, len(q))
			b.WriteString(q[i:j])
			i = j
		case strings.HasPrefix(q[i:], "//"):
			j := strings.IndexByte(q[i:], '\n')
			if j < 0 {
				j = len(q) - i
			}
			b.WriteString(q[i : i+j])
			i += j
		case strings.HasPrefix(q[i:], "/*"):
			j := strings.Index(q[i+2:], "*/")
			end := len(q)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			b.WriteString(q[i:end])
			i = end
		case strings.HasPrefix(q[i:], "=="):
			b.WriteString("=")
			note("== → =")
			i += 2
		case strings.HasPrefix(q[i:], "!="):
			b.WriteString("<>")
			note("!= → <>")
			i += 2
		case strings.HasPrefix(q[i:], "&&"):
			b.WriteString(" AND ")
			note("&& → AND")
			i += 2
		case strings.HasPrefix(q[i:], "||"):
			b.WriteString(" OR ")
			note("|| → OR")
			i += 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	if len(fixes) == 0 {
		return q, nil
	}
	fixed := b.String()
	if _, err := parser.Parse(fixed); err != nil {
		return q, nil
	}
	return fixed, fixes
}
