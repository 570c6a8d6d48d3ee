package shell

import "strings"

// Statement is one statement of a script, without its terminating `;`.
type Statement struct {
	Text   string
	Offset int // byte offset of Text in the script
	Line   int // 1-based line of Text's first byte in the script
}

// Split cuts src into `;`-terminated statements, ignoring `;` inside
// strings, quoted names and comments. rest is the text after the last `;`
// (an unfinished statement, or only spaces and comments). Statements that
// are only spaces or comments are dropped.
func Split(src string) (stmts []Statement, rest string) {
	start := 0
	i := 0
	add := func(end int) {
		text := src[start:end]
		if !blank(text) {
			lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
			stmts = append(stmts, Statement{
				Text:   strings.TrimSpace(text),
				Offset: start + lead,
				Line:   1 + strings.Count(src[:start+lead], "\n"),
			})
		}
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(src, i)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(src)
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			if j := strings.Index(src[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(src)
			}
		case c == ';':
			add(i)
			i++
			start = i
		default:
			i++
		}
	}
	return stmts, src[start:]
}

// skipQuoted returns the index just past the quoted text starting at i (or
// len(src) when it is unterminated). Strings allow backslash escapes;
// backtick names double the backtick.
func skipQuoted(src string, i int) int {
	q := src[i]
	i++
	for i < len(src) {
		switch src[i] {
		case '\\':
			if q != '`' {
				i += 2
				continue
			}
		case q:
			if q == '`' && i+1 < len(src) && src[i+1] == '`' {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return len(src)
}

// blank reports whether s holds only spaces and comments.
func blank(s string) bool {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return true
			}
			i += j + 1
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return true
			}
			i += j + 4
		default:
			return false
		}
	}
	return true
}
