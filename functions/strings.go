package functions

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/cyqdb/cyq/value"
)

// String functions. Positions and lengths count Unicode code points.

func defineStrings() {
	def(&Func{Name: "substring", Category: "string", Deterministic: true,
		Doc: "substring(s, start[, length]) returns the substring of s starting at the 0-based code point start, of at most length code points (to the end when omitted). " +
			"A negative start or length raises ArgumentError/NegativeIntegerArgument; a null start or length raises ArgumentError/InvalidArgumentValue.",
		Examples: []string{"substring('0123456789', 1) = '123456789'", "substring('0123456789', 1, 3) = '123'", "substring('abc', 10) = ''"},
		Overloads: []Overload{
			ov(substringImpl, String, String, Int).named("original", "start"),
			ov(substringImpl, String, String, Int, Int).named("original", "start", "length"),
		}})
	def(&Func{Name: "left", Category: "string", Deterministic: true,
		Doc:       "left(s, n) returns the first n code points of s (all of s when shorter). A negative n raises ArgumentError/NegativeIntegerArgument.",
		Examples:  []string{"left('hello', 3) = 'hel'"},
		Overloads: []Overload{ov(leftRight(true), String, String, Int).named("original", "length")}})
	def(&Func{Name: "right", Category: "string", Deterministic: true,
		Doc:       "right(s, n) returns the last n code points of s (all of s when shorter). A negative n raises ArgumentError/NegativeIntegerArgument.",
		Examples:  []string{"right('hello', 3) = 'llo'"},
		Overloads: []Overload{ov(leftRight(false), String, String, Int).named("original", "length")}})
	trimFn := func(name, doc string, left, right, set bool, ex ...string) {
		def(&Func{Name: name, Category: "string", Deterministic: true, Doc: doc, Examples: ex,
			Overloads: []Overload{
				ov(trimImpl(name, left, right, set), String, String).named("original"),
				ov(trimImpl(name, left, right, set), String, String, String).named("original", "trimCharacterString"),
			}})
	}
	trimFn("ltrim", "ltrim(s[, chars]) removes leading whitespace (or the leading characters that occur in chars) from s.", true, false, true, "ltrim('  hello') = 'hello'", "ltrim('xxyyhelloxyxy', 'xy') = 'helloxyxy'")
	trimFn("rtrim", "rtrim(s[, chars]) removes trailing whitespace (or the trailing characters that occur in chars) from s.", false, true, true, "rtrim('hello  ') = 'hello'", "rtrim('xxyyhelloxyxy', 'xy') = 'xxyyhello'")
	trimFn("trim", "trim(s[, c]) removes leading and trailing whitespace (or repetitions of the one-character string c) from s.", true, true, false, "trim('  hello  ') = 'hello'")
	trimFn("btrim", "btrim(s[, chars]) removes leading and trailing whitespace (or the leading and trailing characters that occur in chars) from s.", true, true, true, "btrim('xxhixx', 'x') = 'hi'", "btrim('xxyyhelloxyxy', 'xy') = 'hello'")
	def(&Func{Name: "replace", Category: "string", Deterministic: true,
		Doc:       "replace(s, search, replacement) replaces every occurrence of search in s. An empty search inserts the replacement between all characters.",
		Examples:  []string{"replace('hello', 'l', 'w') = 'hewwo'"},
		Overloads: []Overload{ov(replaceImpl, String, String, String, String).named("original", "search", "replace")}})
	def(&Func{Name: "split", Category: "string", Deterministic: true,
		Doc:       "split(s, delimiter) splits s at every occurrence of delimiter, or of any of a list of delimiters, keeping empty parts. An empty delimiter splits into single characters.",
		Examples:  []string{"split('one,two', ',') = ['one', 'two']", "split('a,b;c', [',', ';']) = ['a', 'b', 'c']", "split('a,', ',') = ['a', '']"},
		Overloads: []Overload{ov(splitImpl, List(String), String, Union(String, List(String))).named("original", "splitDelimiter")}})
	caseFn := func(name, doc string, f func(string) string, ex string) {
		def(&Func{Name: name, Category: "string", Deterministic: true, Doc: doc, Examples: []string{ex},
			Overloads: []Overload{ov(stringFn(name, f), String, String).named("original")}})
	}
	caseFn("toUpper", "toUpper(s) returns s in upper case.", strings.ToUpper, "toUpper('hello') = 'HELLO'")
	caseFn("toLower", "toLower(s) returns s in lower case.", strings.ToLower, "toLower('HELLO') = 'hello'")
	caseFn("upper", "upper(s) returns s in upper case (an alias of toUpper).", strings.ToUpper, "upper('hello') = 'HELLO'")
	caseFn("lower", "lower(s) returns s in lower case (an alias of toLower).", strings.ToLower, "lower('HELLO') = 'hello'")
	def(&Func{Name: "reverse", Category: "list", Deterministic: true,
		Doc:       "reverse(x) returns a string with its code points in reverse order, or a list with its elements in reverse order.",
		Examples:  []string{"reverse('raksO') = 'Oskar'", "reverse([1, 2, 3]) = [3, 2, 1]"},
		Overloads: []Overload{ov(reverseImpl, Union(String, AnyList), Union(String, AnyList)).named("original").refine(sameAsArg0)}})
	lenFn := func(name string) {
		def(&Func{Name: name, Category: "string", Deterministic: true,
			Doc:       name + "(s) returns the number of Unicode code points in s.",
			Examples:  []string{name + "('Malmö') = 5"},
			Overloads: []Overload{ov(charLength(name), Int, String).named("original")}})
	}
	lenFn("char_length")
	lenFn("character_length")
	def(&Func{Name: "normalize", Category: "string", Deterministic: true,
		Doc:      "normalize(s[, form]) returns s in the Unicode normal form NFC (default), NFD, NFKC or NFKD. An unknown form raises ArgumentError/InvalidArgumentValue.",
		Examples: []string{"normalize('\\u212B') = '\\u00C5'"},
		Overloads: []Overload{
			ov(normalizeImpl, String, String).named("original"),
			ov(normalizeImpl, String, String, String).named("original", "form"),
		}})
}

func stringArg(fn string, v value.Value) (string, bool, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return "", false, nil
	case value.String:
		return string(x), true, nil
	}
	return "", false, argTypeErr(fn, v, "a string")
}

// intArg reads a required integer argument: null raises
// ArgumentError/InvalidArgumentValue, a negative value
// ArgumentError/NegativeIntegerArgument when nonNeg.
func intArg(fn, what string, v value.Value, nonNeg bool) (int64, error) {
	switch x := v.(type) {
	case nil, value.Null:
		return 0, argValueErr("InvalidArgumentValue", fn, "%s must not be null", what)
	case value.Int:
		if nonNeg && x < 0 {
			return 0, argValueErr("NegativeIntegerArgument", fn, "%s must not be negative, was %d", what, int64(x))
		}
		return int64(x), nil
	}
	return 0, argTypeErr(fn, v, "an integer "+what)
}

func stringFn(fn string, f func(string) string) Impl {
	return func(_ *Context, args []value.Value) (value.Value, error) {
		s, ok, err := stringArg(fn, args[0])
		if !ok {
			return value.NullValue, err
		}
		return value.String(f(s)), nil
	}
}

func substringImpl(_ *Context, args []value.Value) (value.Value, error) {
	s, ok, err := stringArg("substring", args[0])
	if !ok {
		return value.NullValue, err
	}
	start, err := intArg("substring", "start", args[1], true)
	if err != nil {
		return nil, err
	}
	length := int64(-1)
	if len(args) > 2 {
		if length, err = intArg("substring", "length", args[2], true); err != nil {
			return nil, err
		}
	}
	r := []rune(s)
	if start >= int64(len(r)) {
		return value.String(""), nil
	}
	end := int64(len(r))
	if length >= 0 && length < end-start {
		end = start + length
	}
	return value.String(string(r[start:end])), nil
}

func leftRight(left bool) Impl {
	name := "right"
	if left {
		name = "left"
	}
	return func(_ *Context, args []value.Value) (value.Value, error) {
		s, ok, err := stringArg(name, args[0])
		if !ok {
			return value.NullValue, err
		}
		n, err := intArg(name, "length", args[1], true)
		if err != nil {
			return nil, err
		}
		r := []rune(s)
		if n >= int64(len(r)) {
			return value.String(s), nil
		}
		if left {
			return value.String(string(r[:n])), nil
		}
		return value.String(string(r[int64(len(r))-n:])), nil
	}
}

// trimImpl removes whitespace, or the characters of a trim string: one
// character for trim (the SQL form TRIM(c FROM s) takes one), any set of
// characters for ltrim, rtrim and btrim when set is true.
func trimImpl(name string, left, right, set bool) Impl {
	return func(_ *Context, args []value.Value) (value.Value, error) {
		s, ok, err := stringArg(name, args[0])
		if !ok {
			return value.NullValue, err
		}
		cut := unicode.IsSpace
		if len(args) > 1 {
			c, ok, err := stringArg(name, args[1])
			if !ok {
				return value.NullValue, err
			}
			if utf8.RuneCountInString(c) != 1 && !set {
				return nil, argValueErr("InvalidArgumentValue", name, "the trim character must be a string of length 1, was %s", value.QuoteString(c))
			}
			cut = func(x rune) bool { return strings.ContainsRune(c, x) }
		}
		if left {
			s = strings.TrimLeftFunc(s, cut)
		}
		if right {
			s = strings.TrimRightFunc(s, cut)
		}
		return value.String(s), nil
	}
}

func replaceImpl(_ *Context, args []value.Value) (value.Value, error) {
	var ss [3]string
	for i := range 3 {
		s, ok, err := stringArg("replace", args[i])
		if err != nil {
			return nil, err
		}
		if !ok {
			return value.NullValue, nil
		}
		ss[i] = s
	}
	return value.String(strings.ReplaceAll(ss[0], ss[1], ss[2])), nil
}

func splitImpl(_ *Context, args []value.Value) (value.Value, error) {
	s, ok, err := stringArg("split", args[0])
	if err != nil {
		return nil, err
	}
	if !ok || isNull(args[1]) {
		return value.NullValue, nil
	}
	var delims []string
	switch d := args[1].(type) {
	case value.String:
		delims = []string{string(d)}
	case value.List:
		for _, e := range d {
			es, ok := e.(value.String)
			if !ok {
				if isNull(e) {
					return value.NullValue, nil
				}
				return nil, argTypeErr("split", e, "a string delimiter")
			}
			delims = append(delims, string(es))
		}
	default:
		return nil, argTypeErr("split", args[1], "a string or a list of strings")
	}
	var parts []string
	switch {
	case len(delims) == 1 && delims[0] != "":
		parts = strings.Split(s, delims[0])
	case slices.Contains(delims, "") || len(delims) == 0:
		if s == "" {
			parts = []string{""}
		} else {
			for _, r := range s {
				parts = append(parts, string(r))
			}
		}
	default:
		start := 0
		for i := 0; i < len(s); {
			matched := 0
			for _, d := range delims {
				if strings.HasPrefix(s[i:], d) && len(d) > matched {
					matched = len(d)
				}
			}
			if matched > 0 {
				parts = append(parts, s[start:i])
				i += matched
				start = i
				continue
			}
			_, sz := utf8.DecodeRuneInString(s[i:])
			i += sz
		}
		parts = append(parts, s[start:])
	}
	out := make(value.List, len(parts))
	for i, p := range parts {
		out[i] = value.String(p)
	}
	return out, nil
}

func reverseImpl(_ *Context, args []value.Value) (value.Value, error) {
	switch x := args[0].(type) {
	case nil, value.Null:
		return value.NullValue, nil
	case value.String:
		r := []rune(string(x))
		slices.Reverse(r)
		return value.String(string(r)), nil
	case value.List:
		out := slices.Clone(x)
		slices.Reverse(out)
		return out, nil
	case value.Vector:
		out := slices.Clone(x)
		slices.Reverse(out)
		return out, nil
	}
	return nil, argTypeErr("reverse", args[0], "a string or a list")
}

func charLength(name string) Impl {
	return func(_ *Context, args []value.Value) (value.Value, error) {
		s, ok, err := stringArg(name, args[0])
		if !ok {
			return value.NullValue, err
		}
		return value.Int(utf8.RuneCountInString(s)), nil
	}
}

func normalizeImpl(_ *Context, args []value.Value) (value.Value, error) {
	s, ok, err := stringArg("normalize", args[0])
	if !ok {
		return value.NullValue, err
	}
	form := norm.NFC
	if len(args) > 1 {
		f, ok, err := stringArg("normalize", args[1])
		if !ok {
			return value.NullValue, err
		}
		switch strings.ToUpper(f) {
		case "NFC":
		case "NFD":
			form = norm.NFD
		case "NFKC":
			form = norm.NFKC
		case "NFKD":
			form = norm.NFKD
		default:
			return nil, argValueErr("InvalidArgumentValue", "normalize", "unknown normal form %s (use NFC, NFD, NFKC or NFKD)", value.QuoteString(f))
		}
	}
	return value.String(form.String(s)), nil
}
